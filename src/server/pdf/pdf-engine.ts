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
export function threadedPdfEngine(workerFile: URL): PdfEngine {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

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
      if (message.error !== undefined) call.reject(new Error(message.error));
      else call.resolve(message.result);
    });
    started.on('error', failAll);
    started.on('exit', (code) => failAll(new Error(`The PDF worker stopped (exit code ${code})`)));
    started.unref();
    return started;
  };
  const call = <T>(task: keyof PdfTasks, input: unknown): Promise<T> =>
    new Promise((resolve, reject) => {
      worker ??= start();
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, task, input });
    });

  return {
    freezeContract: (input) => call('freezeContract', input),
    finalizeContract: (input) => call('finalizeContract', input),
    async close() {
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
