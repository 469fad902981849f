import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FinalInput, FreezeInput, PdfTasks, RenderedPdf } from './pdf-tasks';

/** Renders and seals PDFs. The server's engine works in a worker thread, off the request path. */
export type PdfEngine = {
  freezeContract(input: FreezeInput): Promise<RenderedPdf>;
  finalizeContract(input: FinalInput): Promise<RenderedPdf & { signedSha256: string }>;
  close(): Promise<void>;
};

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * Runs the PDF tasks in one worker thread (rendering a long contract takes seconds of CPU that
 * must not stall other requests). A worker that dies is replaced; the calls it held fail and
 * their jobs are retried.
 */
export function threadedPdfEngine(workerFile: URL, idleMs = 30_000): PdfEngine {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  // An idle worker is stopped: react-pdf's layout engine holds on to tens of megabytes, and most
  // of the time nothing is being rendered. The next task starts a new one.
  let idleTimer: NodeJS.Timeout | undefined;
  const stopWhenIdle = () => {
    clearTimeout(idleTimer);
    if (pending.size > 0) return;
    idleTimer = setTimeout(() => {
      const idle = worker;
      worker = undefined;
      void idle?.terminate();
    }, idleMs);
    idleTimer.unref();
  };

  const failAll = (error: Error) => {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    worker = undefined;
  };
  const start = () => {
    const started = new Worker(workerFile);
    started.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      stopWhenIdle();
      if (message.error !== undefined) call.reject(new Error(message.error));
      else call.resolve(message.result);
    });
    // Only the current worker's end fails the calls waiting: one stopped for being idle held none.
    started.on('error', (error) => {
      if (worker === started) failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) failAll(new Error(`The PDF worker stopped (exit code ${code})`));
    });
    started.unref();
    return started;
  };
  const call = <T>(task: keyof PdfTasks, input: unknown): Promise<T> =>
    new Promise((resolve, reject) => {
      clearTimeout(idleTimer);
      worker ??= start();
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, task, input });
    });

  return {
    freezeContract: (input) => call('freezeContract', input),
    finalizeContract: (input) => call('finalizeContract', input),
    async close() {
      clearTimeout(idleTimer);
      const current = worker;
      worker = undefined;
      await current?.terminate();
    },
  };
}

/** The same tasks on the calling thread: for tests and tools that run from TypeScript sources. */
export async function inlinePdfEngine(): Promise<PdfEngine> {
  const { pdfTasks } = await import('./pdf-tasks');
  return { ...pdfTasks, close: async () => {} };
}

/** The worker next to the server bundle when there is one, else the in-thread engine. */
export async function defaultPdfEngine(serverDir: URL): Promise<PdfEngine> {
  const workerFile = new URL('./pdf-worker.js', serverDir);
  return existsSync(workerFile) ? threadedPdfEngine(workerFile) : inlinePdfEngine();
}
