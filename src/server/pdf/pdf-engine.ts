import { existsSync } from 'node:fs';
import { startTaskThread } from '../workers/task-thread';
import type { PdfTasks } from './pdf-tasks';

/**
 * Renders and seals PDFs, reads uploaded certificates and inspects PDFs sent for verification:
 * the CPU-heavy work on documents. The server's engine works in a worker thread, off the request
 * path.
 */
export type PdfEngine = PdfTasks & { close(): Promise<void> };

/**
 * The PDF tasks in one worker thread. It stops after 30 s idle (react-pdf's layout engine holds
 * on to tens of megabytes); a task may take 3 minutes (far beyond a 400-page render on a busy
 * machine) and the thread 2 GB of heap, so only a runaway input meets either limit. Layout makes
 * short-lived objects by the million: with a young generation of up to 192 MB (V8's default is
 * a few MB) a 10-page render took about a fifth less time, measured side by side in one process.
 */
export function threadedPdfEngine(workerFile: URL, idleMs = 30_000): PdfEngine {
  const thread = startTaskThread<PdfTasks>(workerFile, {
    idleMs,
    taskTimeoutMs: 180_000,
    resourceLimits: { maxOldGenerationSizeMb: 2048, maxYoungGenerationSizeMb: 192 },
  });
  return {
    freezeContract: (input) => thread.run('freezeContract', input),
    finalizeContract: (input) => thread.run('finalizeContract', input),
    readCertificate: (input) => thread.run('readCertificate', input),
    renderRedline: (input) => thread.run('renderRedline', input),
    // Up to 25 MB: moved to the thread, not copied (a copy is tens of milliseconds of this one).
    inspectDocument: (input) => {
      const owned =
        input.byteOffset === 0 && input.byteLength === input.buffer.byteLength
          ? input
          : new Uint8Array(input);
      return thread.run('inspectDocument', owned, [owned.buffer as ArrayBuffer]);
    },
    close: () => thread.close(),
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
