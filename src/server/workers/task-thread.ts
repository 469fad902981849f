import { parentPort, type ResourceLimits, type Transferable, Worker } from 'node:worker_threads';
import { TaskRefusal } from './task-refusal';
import { runBelowServerThread } from './thread-priority';

/** Named async functions taking one input: what a worker thread can be asked to do. */
// biome-ignore lint/suspicious/noExplicitAny: each task declares its own input type
export type Tasks = Record<string, (input: any) => Promise<unknown>>;

export type TaskThread<T extends Tasks> = {
  /** Whether the tasks run on a thread of their own (else on the calling one). */
  readonly threaded: boolean;
  /** `transfer`: buffers in the input that move to the thread instead of being copied (unusable here afterwards). */
  run<K extends keyof T & string>(
    task: K,
    input: Parameters<T[K]>[0],
    transfer?: readonly Transferable[],
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
  /** A task running longer is taken for a runaway: the thread is replaced and its calls fail. */
  taskTimeoutMs: number;
  /** Heap limits of the thread: a hostile input that needs more kills the thread, not the process. */
  resourceLimits?: ResourceLimits;
};

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** What a worker answers: its task's result, a refusal, or the fault that ended its usefulness. */
type Answer = { id: number; result?: unknown; refusal?: string; fault?: string };

/**
 * Runs tasks in one worker thread, so seconds of CPU on one document never stall the requests of
 * others. The thread starts on the first task and stops when idle; a thread that dies, runs out
 * of memory, overruns a task or fails one unexpectedly (anything but a TaskRefusal) is replaced
 * at once, and the calls it held fail (jobs retry them): a thread whose task threw may be left
 * broken, as react-pdf's WebAssembly layout is after running out of bounds, and every later task
 * on it would fail too. Calls still running on it are not left to finish for the same reason.
 */
export function startTaskThread<T extends Tasks>(workerFile: URL, options: TaskThreadOptions): TaskThread<T> {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let idleTimer: NodeJS.Timeout | undefined;
  let keepUntil = 0;
  const stopWhenIdle = () => {
    clearTimeout(idleTimer);
    if (pending.size > 0 || !worker) return;
    // Idle, the thread does not keep the process alive; busy, it does (see run).
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
  const failAll = (error: Error) => {
    clearTimeout(idleTimer);
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    worker = undefined;
  };
  const start = () => {
    const started = new Worker(workerFile, {
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
      // React lays out the PDFs: unless told otherwise it runs its development build, which checks
      // every element it makes (7% of a 100-page render).
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
    });
    started.on('message', (message: Answer) => {
      const call = pending.get(message.id);
      if (!call || worker !== started) return;
      if (message.fault !== undefined) {
        // The thread is replaced now: the next task starts a fresh one, not after it idles out.
        failAll(new Error(`The worker thread failed and was replaced (${message.fault})`));
        void started.terminate();
        return;
      }
      pending.delete(message.id);
      stopWhenIdle();
      if (message.refusal !== undefined) call.reject(new TaskRefusal(message.refusal));
      else call.resolve(message.result);
    });
    // Only the current thread's end fails the calls waiting: one stopped for being idle held none.
    started.on('error', (error) => {
      if (worker === started) failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) failAll(new Error(`The worker thread stopped (exit code ${code})`));
    });
    started.unref();
    return started;
  };

  return {
    threaded: true,
    run: (task, input, transfer = []) =>
      new Promise((resolve, reject) => {
        clearTimeout(idleTimer);
        worker ??= start();
        const current = worker;
        const id = nextId++;
        const timeout = setTimeout(() => {
          if (worker !== current || !pending.has(id)) return;
          failAll(
            new Error(`The worker thread took longer than ${options.taskTimeoutMs / 1000} s on ${task}`),
          );
          void current.terminate();
        }, options.taskTimeoutMs);
        timeout.unref();
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timeout);
            resolve(value as Awaited<ReturnType<T[typeof task]>>);
          },
          reject: (error) => {
            clearTimeout(timeout);
            reject(error);
          },
        });
        // A call waiting on the thread keeps the process alive: unreferenced, a process whose only
        // work left is this call (a start-up awaiting the demo's render) would end with exit code 13.
        current.ref();
        try {
          current.postMessage({ id, task, input }, transfer);
        } catch (error) {
          // Not sent (an input that cannot be cloned): this call fails, the thread is as it was.
          pending.get(id)?.reject(error instanceof Error ? error : new Error(String(error)));
          pending.delete(id);
          stopWhenIdle();
        }
      }),
    keepAlive(ms) {
      keepUntil = Math.max(keepUntil, Date.now() + ms);
      stopWhenIdle();
    },
    async close() {
      clearTimeout(idleTimer);
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
