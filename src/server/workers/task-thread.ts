import { AsyncLocalStorage } from 'node:async_hooks';
import { parentPort, type ResourceLimits, type Transferable, Worker } from 'node:worker_threads';
import { TaskFailure } from './task-failure';
import { TaskRefusal } from './task-refusal';
import { runBelowServerThread } from './thread-priority';

/** Named async functions taking one input: what a worker thread can be asked to do. */
// biome-ignore lint/suspicious/noExplicitAny: each task declares its own input type
export type Tasks = Record<string, (input: any) => Promise<unknown>>;

/**
 * Named pieces of I/O the calling thread does for a task (`askServer`), each taking one input
 * that can be cloned to it and answering one back; a TaskRefusal thrown crosses as a refusal.
 */
// biome-ignore lint/suspicious/noExplicitAny: each request declares its own input type
export type ServerRequests = Record<string, (input: any) => Promise<unknown>>;

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
  /** What the thread's tasks may ask this thread to do while they wait (`askServer`). */
  serverRequests?: ServerRequests;
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

/** A task asking the calling thread for a piece of I/O (`askServer`): call `id`'s request number `ask`. */
type Ask = { id: number; ask: number; request: string; input: unknown };

/** The calling thread's reply to an Ask: the request's result, its refusal, or the error it threw. */
type Reply = { reply: number; result?: unknown; refusal?: string; error?: string };

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
 * starts it: a call queued behind a slow one is not charged for the wait. A call waiting for a
 * piece of I/O this thread does for it (`askServer`, served by `serverRequests`) is parked: the
 * thread is idle meanwhile, so the next call queued goes to it, and the parked call resumes beside
 * that one when its answer comes (JavaScript runs one of them at a time). A call's timer keeps
 * running while it is parked. A thread that dies, runs out of memory, overruns a task or fails one
 * unexpectedly (anything but a TaskRefusal) is replaced at once, and the calls on it fail
 * (`TaskFailure`): the one it was running, and any parked (or resumed) beside it. Parked calls are
 * the only ones that can share a thread's fault, since only a parked call lets a second one onto
 * the thread; the calls queued never do: they go to the fresh thread, their transfer lists still
 * unused. A thread whose task threw may be left broken (a native or WebAssembly
 * engine after running out of bounds), and every later task on it would fail too, so none is
 * sent to it.
 */
export function startTaskThread<T extends Tasks>(workerFile: URL, options: TaskThreadOptions): TaskThread<T> {
  let worker: Worker | undefined;
  let nextId = 1;
  const queue = fairQueue();
  /**
   * The calls on the thread, by id: the timer of each one's task timeout, and how many of its
   * requests to this thread are unanswered (while any is, the call is parked). A call is sent
   * only when every call there is parked, so each but the last sent has been parked (and may have
   * resumed since).
   */
  const onThread = new Map<number, { call: Call; timeout: NodeJS.Timeout; asking: number }>();
  /** Whether a call on the thread is not parked: the next one queued waits for it. */
  const busy = () => [...onThread.values()].some((entry) => entry.asking === 0);
  let idleTimer: NodeJS.Timeout | undefined;
  let keepUntil = 0;
  const stopWhenIdle = () => {
    clearTimeout(idleTimer);
    if (onThread.size > 0 || queue.size > 0 || !worker) return;
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
  /** A call on the thread is over: the next one waiting goes to the thread, or the thread idles. */
  const finish = (id: number) => {
    clearTimeout(onThread.get(id)?.timeout);
    onThread.delete(id);
    dispatch();
  };
  /** A call on the thread failed with it: the thread is replaced, and every call on it fails. */
  const failThread = (error: Error) => {
    const broken = worker;
    worker = undefined;
    void broken?.terminate();
    const failed = [...onThread.values()];
    onThread.clear();
    for (const { call, timeout } of failed) {
      clearTimeout(timeout);
      call.reject(error);
    }
    dispatch();
  };
  /** Does what a call asked of this thread, and sends the answer to the thread it is still on. */
  const serve = async (thread: Worker, { id, ask, request, input }: Ask) => {
    const entry = onThread.get(id);
    if (!entry) return;
    entry.asking += 1;
    // The thread is idle while the call waits: the next call queued goes to it.
    dispatch();
    let reply: Reply;
    try {
      const handler = options.serverRequests?.[request];
      if (!handler) throw new Error(`No server request '${request}'`);
      reply = { reply: ask, result: await handler(input) };
    } catch (error) {
      reply =
        error instanceof TaskRefusal
          ? { reply: ask, refusal: error.message }
          : { reply: ask, error: error instanceof Error ? error.message : String(error) };
    }
    // Failed with its thread meanwhile: no one is left to answer.
    if (worker !== thread || onThread.get(id) !== entry) return;
    entry.asking -= 1;
    try {
      thread.postMessage(reply);
    } catch (error) {
      // An answer that cannot be cloned: the call fails, as its task would on a broken request.
      thread.postMessage({ reply: ask, error: (error as Error).message } satisfies Reply);
    }
  };
  const start = () => {
    const started = new Worker(workerFile, {
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
      // React lays out the PDFs: unless told otherwise it runs its development build, which checks
      // every element it makes (7% of a 100-page render).
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
    });
    started.on('message', (message: Answer | Ask) => {
      if (worker !== started) return;
      if ('ask' in message) {
        void serve(started, message);
        return;
      }
      const call = onThread.get(message.id)?.call;
      if (!call) return;
      if (message.fault !== undefined) {
        // The thread is replaced now: the next task starts a fresh one, not after it idles out.
        failThread(new TaskFailure(`The worker thread failed and was replaced (${message.fault})`, 'fault'));
        return;
      }
      if (message.refusal !== undefined) call.reject(new TaskRefusal(message.refusal));
      else call.resolve(message.result);
      finish(message.id);
    });
    // Only the current thread's end fails the calls on it: one stopped for being idle held none.
    started.on('error', (error) => {
      if (worker === started)
        failThread(new TaskFailure(`The worker thread failed (${faultOf(error)})`, 'stopped'));
    });
    started.on('exit', (code) => {
      if (worker === started)
        failThread(new TaskFailure(`The worker thread stopped (exit code ${code})`, 'stopped'));
    });
    started.unref();
    return started;
  };
  /** Sends the next call waiting to the thread (started if need be), unless one is running there. */
  const dispatch = () => {
    while (!busy()) {
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
        if (worker !== current || onThread.get(call.id)?.call !== call) return;
        failThread(
          new TaskFailure(
            `The worker thread took longer than ${options.taskTimeoutMs / 1000} s on ${call.task}`,
            'timeout',
          ),
        );
      }, options.taskTimeoutMs);
      timeout.unref();
      onThread.set(call.id, { call, timeout, asking: 0 });
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
      // The calls on the thread are dropped with it, unanswered, as calls are at the process's end.
      for (const { timeout } of onThread.values()) clearTimeout(timeout);
      onThread.clear();
      const current = worker;
      worker = undefined;
      await current?.terminate();
    },
  };
}

/** Inside a worker file: how the running task's call asks the calling thread for I/O (set by serveTasks). */
let askingServer: ((request: string, input: unknown) => Promise<unknown>) | undefined;

/** The id of the call a task runs for, kept across its awaits (several may be under way at once). */
const callOfTask = new AsyncLocalStorage<number>();

/**
 * Has the calling thread do a piece of I/O for the task running (its `serverRequests[request]`):
 * while the task waits for the answer its thread serves the next call. A task not run by
 * `serveTasks` (the inline engine of tests and tools, or a direct call) does it here, with `here`,
 * which should be that same request. A TaskRefusal of the request is thrown here as one.
 */
export function askServer<I, O>(request: string, input: I, here: (input: I) => Promise<O>): Promise<O> {
  return askingServer && callOfTask.getStore() !== undefined
    ? (askingServer(request, input) as Promise<O>)
    : here(input);
}

/**
 * Inside a worker file: answers each message with its task's result, its refusal's message, or
 * (for anything else thrown) the fault, after which the calling side replaces this thread. A task
 * waiting on `askServer` lets the next call start meanwhile. The thread first lowers its priority,
 * then loads its tasks (`load`, a dynamic import): loading them (the Typst compiler and its fonts, pdf.js) is the
 * costliest part of a thread's start, and it runs below the server thread too.
 */
export function serveTasks(load: () => Promise<Tasks>): void {
  runBelowServerThread();
  const loading = load();
  // A failed load fails every task, as a fault: the calling side replaces the thread.
  loading.catch(() => {});
  const asked = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextAsk = 1;
  askingServer = (request, input) =>
    new Promise((resolve, reject) => {
      const ask = nextAsk++;
      asked.set(ask, { resolve, reject });
      parentPort?.postMessage({ id: callOfTask.getStore() ?? 0, ask, request, input } satisfies Ask);
    });
  parentPort?.on('message', async (message: { id: number; task: string; input: unknown } | Reply) => {
    if ('reply' in message) {
      const waiting = asked.get(message.reply);
      asked.delete(message.reply);
      if (message.refusal !== undefined) waiting?.reject(new TaskRefusal(message.refusal));
      else if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
      return;
    }
    let answer: Answer;
    try {
      const task = (await loading)[message.task];
      if (!task) throw new Error(`No task '${message.task}'`);
      answer = { id: message.id, result: await callOfTask.run(message.id, () => task(message.input)) };
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
