import { parentPort, type ResourceLimits, type Transferable, Worker } from 'node:worker_threads';
import { TaskFailure } from './task-failure';
import { TaskRefusal } from './task-refusal';
import { runBelowServerThread } from './thread-priority';

/** Named async functions taking one input: what a worker thread can be asked to do. */
// biome-ignore lint/suspicious/noExplicitAny: each task declares its own input type
export type Tasks = Record<string, (input: any) => Promise<unknown>>;

/**
 * Where a call waits for the thread. `key` names whose call it is (an organization's id): the
 * thread serves the keys in turn, so one organization's burst waits behind itself, not in front
 * of everyone. A `background` call (a job no one waits on) goes after the calls people wait for.
 */
export type QueuePlace = { key?: string; background?: boolean };

export type TaskThread<T extends Tasks> = {
  /** Whether the tasks run on a thread of their own (else on the calling one). */
  readonly threaded: boolean;
  /** `transfer`: buffers in the input that move to the thread instead of being copied (unusable here afterwards). */
  run<K extends keyof T & string>(
    task: K,
    input: Parameters<T[K]>[0],
    transfer?: readonly Transferable[],
    place?: QueuePlace,
  ): Promise<Awaited<ReturnType<T[K]>>>;
  /**
   * Keeps the thread, once idle, for at least this long from now (instead of `idleMs`): work that
   * readied it for a task expected soon is not thrown away before the task comes.
   */
  keepAlive(ms: number): void;
  close(): Promise<void>;
};

export type TaskThreadOptions = {
  /** An idle thread is stopped after this long (and started again by the next task). */
  idleMs: number;
  /**
   * A task running longer (counted from when the thread starts it, not from when it was queued)
   * is taken for a runaway: that call fails, and the thread is replaced.
   */
  taskTimeoutMs: number;
  /** Heap limits of the thread: a hostile input that needs more kills the thread, not the process. */
  resourceLimits?: ResourceLimits;
};

/** A call waiting for the thread, or running on it. */
type Call = {
  id: number;
  task: string;
  input: unknown;
  transfer: readonly Transferable[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

/** What a worker answers: its task's result, a refusal, or the fault that ended its usefulness. */
type Answer = { id: number; result?: unknown; refusal?: string; fault?: string };

/**
 * After this many calls people wait for have gone ahead of a background call waiting, it goes
 * next: under a steady stream of foreground calls the background ones are slowed, never stopped.
 */
const foregroundRunBeforeBackground = 4;

/**
 * Calls waiting for a thread, by key: served one key after another (a key's calls in the order
 * they came), the foreground's before the background's.
 */
function fairQueue() {
  const lanes = { foreground: new Map<string, Call[]>(), background: new Map<string, Call[]>() };
  let foregroundInARow = 0;
  const take = (lane: Map<string, Call[]>): Call | undefined => {
    // A Map keeps the order keys were added in: the first key is served, then goes last.
    for (const [key, calls] of lane) {
      const call = calls.shift();
      lane.delete(key);
      if (calls.length > 0) lane.set(key, calls);
      if (call) return call;
    }
    return undefined;
  };
  return {
    get size() {
      let size = 0;
      for (const lane of Object.values(lanes)) for (const calls of lane.values()) size += calls.length;
      return size;
    },
    add(call: Call, place: QueuePlace) {
      const lane = place.background ? lanes.background : lanes.foreground;
      const key = place.key ?? '';
      const calls = lane.get(key);
      if (calls) calls.push(call);
      else lane.set(key, [call]);
    },
    next(): Call | undefined {
      const backgroundWaits = lanes.background.size > 0;
      if (
        backgroundWaits &&
        (lanes.foreground.size === 0 || foregroundInARow >= foregroundRunBeforeBackground)
      ) {
        foregroundInARow = 0;
        return take(lanes.background);
      }
      // Counted only while a background call waits: it is the one kept waiting.
      foregroundInARow = backgroundWaits ? foregroundInARow + 1 : 0;
      return take(lanes.foreground);
    },
  };
}

/**
 * Runs tasks in one worker thread, so seconds of CPU on one document never stall the requests of
 * others. The thread starts on the first task and stops when idle. Calls go to it one at a time,
 * from a fair queue kept on this side (`QueuePlace`), and a call's time starts when the thread
 * starts it: a call queued behind a slow one is not charged for the wait. A thread that dies, runs
 * out of memory, overruns a task or fails one unexpectedly (anything but a TaskRefusal) is
 * replaced at once, and only the call it was running fails (`TaskFailure`); the calls queued
 * behind it go to the fresh thread, their transfer lists still unused. A thread whose task threw
 * may be left broken, as react-pdf's WebAssembly layout is after running out of bounds, and every
 * later task on it would fail too, so none is sent to it.
 */
export function startTaskThread<T extends Tasks>(workerFile: URL, options: TaskThreadOptions): TaskThread<T> {
  let worker: Worker | undefined;
  let nextId = 1;
  const queue = fairQueue();
  /** The call the thread is running, and the timer of its task timeout. */
  let running: { call: Call; timeout: NodeJS.Timeout } | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let keepUntil = 0;
  const stopWhenIdle = () => {
    clearTimeout(idleTimer);
    if (running || queue.size > 0 || !worker) return;
    // Idle, the thread does not keep the process alive; busy, it does (see dispatch).
    worker.unref();
    idleTimer = setTimeout(
      () => {
        const idle = worker;
        worker = undefined;
        void idle?.terminate();
      },
      Math.max(options.idleMs, keepUntil - Date.now()),
    );
    idleTimer.unref();
  };
  /** The running call is over: the next one waiting goes to the thread, or the thread idles. */
  const finish = () => {
    if (running) clearTimeout(running.timeout);
    running = undefined;
    dispatch();
  };
  /** The running call failed with the thread: the thread is replaced, the queue goes on. */
  const failRunning = (error: Error) => {
    const broken = worker;
    worker = undefined;
    void broken?.terminate();
    const call = running?.call;
    if (running) clearTimeout(running.timeout);
    running = undefined;
    call?.reject(error);
    dispatch();
  };
  const start = () => {
    const started = new Worker(workerFile, {
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
      // React lays out the PDFs: unless told otherwise it runs its development build, which checks
      // every element it makes (7% of a 100-page render).
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
    });
    started.on('message', (message: Answer) => {
      if (worker !== started || running?.call.id !== message.id) return;
      const { call } = running;
      if (message.fault !== undefined) {
        // The thread is replaced now: the next task starts a fresh one, not after it idles out.
        failRunning(new TaskFailure(`The worker thread failed and was replaced (${message.fault})`, 'fault'));
        return;
      }
      if (message.refusal !== undefined) call.reject(new TaskRefusal(message.refusal));
      else call.resolve(message.result);
      finish();
    });
    // Only the current thread's end fails the call it runs: one stopped for being idle held none.
    started.on('error', (error) => {
      if (worker === started)
        failRunning(new TaskFailure(`The worker thread failed (${faultOf(error)})`, 'stopped'));
    });
    started.on('exit', (code) => {
      if (worker === started)
        failRunning(new TaskFailure(`The worker thread stopped (exit code ${code})`, 'stopped'));
    });
    started.unref();
    return started;
  };
  /** Sends the next call waiting to the thread (started if need be), unless one is running. */
  const dispatch = () => {
    while (!running) {
      const call = queue.next();
      if (!call) {
        stopWhenIdle();
        return;
      }
      clearTimeout(idleTimer);
      worker ??= start();
      const current = worker;
      // A call on the thread keeps the process alive: unreferenced, a process whose only work
      // left is this call (a start-up awaiting the demo's render) would end with exit code 13.
      current.ref();
      try {
        current.postMessage({ id: call.id, task: call.task, input: call.input }, call.transfer);
      } catch (error) {
        // Not sent (an input that cannot be cloned): this call fails, the thread is as it was.
        call.reject(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      const timeout = setTimeout(() => {
        if (worker !== current || running?.call !== call) return;
        failRunning(
          new TaskFailure(
            `The worker thread took longer than ${options.taskTimeoutMs / 1000} s on ${call.task}`,
            'timeout',
          ),
        );
      }, options.taskTimeoutMs);
      timeout.unref();
      running = { call, timeout };
    }
  };

  return {
    threaded: true,
    run: (task, input, transfer = [], place = {}) =>
      new Promise((resolve, reject) => {
        queue.add(
          {
            id: nextId++,
            task,
            input,
            transfer,
            resolve: (value) => resolve(value as Awaited<ReturnType<T[typeof task]>>),
            reject,
          },
          place,
        );
        dispatch();
      }),
    keepAlive(ms) {
      keepUntil = Math.max(keepUntil, Date.now() + ms);
      stopWhenIdle();
    },
    async close() {
      clearTimeout(idleTimer);
      // The call running is dropped with its thread, unanswered, as calls are at the process's end.
      if (running) clearTimeout(running.timeout);
      running = undefined;
      const current = worker;
      worker = undefined;
      await current?.terminate();
    },
  };
}

/**
 * Inside a worker file: answers each message with its task's result, its refusal's message, or
 * (for anything else thrown) the fault, after which the calling side replaces this thread. The
 * thread first lowers its priority, then loads its tasks (`load`, a dynamic import): loading them
 * (react-pdf, pdf.js, fonts) is the costliest part of a thread's start, and it runs below the server
 * thread too.
 */
export function serveTasks(load: () => Promise<Tasks>): void {
  runBelowServerThread();
  const loading = load();
  // A failed load fails every task, as a fault: the calling side replaces the thread.
  loading.catch(() => {});
  parentPort?.on('message', async (message: { id: number; task: string; input: unknown }) => {
    let answer: Answer;
    try {
      const task = (await loading)[message.task];
      if (!task) throw new Error(`No task '${message.task}'`);
      answer = { id: message.id, result: await task(message.input) };
    } catch (error) {
      answer =
        error instanceof TaskRefusal
          ? { id: message.id, refusal: error.message }
          : { id: message.id, fault: `${message.task}: ${faultOf(error)}` };
    }
    parentPort?.postMessage(answer, movableBuffers(answer.result));
  });
}

/**
 * The large byte arrays of a task's result (itself, or its top-level fields) that own their whole
 * buffer: moved to the calling thread rather than copied, since copying a 20 MB sealed PDF there
 * held the event loop. A task's result is never kept by the task (what moves is unusable here).
 */
function movableBuffers(result: unknown): ArrayBuffer[] {
  // Only objects' fields: a string result (the content thread's JSON) is not looked into.
  const candidates =
    result instanceof Uint8Array
      ? [result]
      : typeof result === 'object' && result !== null
        ? Object.values(result)
        : [];
  const buffers = new Set<ArrayBuffer>();
  for (const value of candidates) {
    if (value instanceof Uint8Array && ownsBuffer(value) && value.byteLength >= 1024 * 1024)
      buffers.add(value.buffer as ArrayBuffer);
  }
  return [...buffers];
}

/** Whether these bytes are their buffer's all, so moving the buffer to a thread moves nothing else. */
export const ownsBuffer = (bytes: Uint8Array) =>
  bytes.buffer instanceof ArrayBuffer &&
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength;

const faultOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : `thrown ${String(error)}`;
