import { parentPort, type ResourceLimits, type Transferable, Worker } from 'node:worker_threads';

/** Named async functions taking one input: what a worker thread can be asked to do. */
// biome-ignore lint/suspicious/noExplicitAny: each task declares its own input type
export type Tasks = Record<string, (input: any) => Promise<unknown>>;

export type TaskThread<T extends Tasks> = {
  /** `transfer`: buffers in the input that move to the thread instead of being copied (unusable here afterwards). */
  run<K extends keyof T & string>(
    task: K,
    input: Parameters<T[K]>[0],
    transfer?: readonly Transferable[],
  ): Promise<Awaited<ReturnType<T[K]>>>;
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

/**
 * Runs tasks in one worker thread, so seconds of CPU on one document never stall the requests of
 * others. The thread starts on the first task and stops when idle; a thread that dies, runs out
 * of memory or overruns a task is replaced, and the calls it held fail (jobs retry them).
 */
export function startTaskThread<T extends Tasks>(workerFile: URL, options: TaskThreadOptions): TaskThread<T> {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let idleTimer: NodeJS.Timeout | undefined;
  const stopWhenIdle = () => {
    clearTimeout(idleTimer);
    if (pending.size > 0) return;
    // Idle, the thread does not keep the process alive; busy, it does (see run).
    worker?.unref();
    idleTimer = setTimeout(() => {
      const idle = worker;
      worker = undefined;
      void idle?.terminate();
    }, options.idleMs);
    idleTimer.unref();
  };
  const failAll = (error: Error) => {
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
    started.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      stopWhenIdle();
      if (message.error !== undefined) call.reject(new Error(message.error));
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
        current.postMessage({ id, task, input }, transfer);
      }),
    async close() {
      clearTimeout(idleTimer);
      const current = worker;
      worker = undefined;
      await current?.terminate();
    },
  };
}

/** Inside a worker file: answers each message with its task's result or its error's message. */
export function serveTasks(tasks: Tasks): void {
  parentPort?.on('message', async (message: { id: number; task: string; input: unknown }) => {
    try {
      const task = tasks[message.task];
      if (!task) throw new Error(`No task '${message.task}'`);
      parentPort?.postMessage({ id: message.id, result: await task(message.input) });
    } catch (error) {
      parentPort?.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
}
