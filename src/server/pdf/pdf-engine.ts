import { inlineEngine, type TaskEngine, taskEngine } from '../workers/task-engine';
import { ownsBuffer, startTaskThread, type TaskThreadOptions } from '../workers/task-thread';
import type { PdfTasks } from './pdf-tasks';
import { exchangeWithTsa } from './tsa-exchange';

/**
 * Renders and seals PDFs, reads uploaded certificates and inspects PDFs sent for verification:
 * the CPU-heavy work on documents. The server's engine works in a worker thread, off the request
 * path. A call may name the organization it is for (`organizationId`): the thread serves
 * organizations in turn, so one organization's burst of 100-page seals waits behind itself.
 */
export type PdfEngine = {
  [K in keyof PdfTasks]: (
    input: Parameters<PdfTasks[K]>[0],
    organizationId?: string,
  ) => ReturnType<PdfTasks[K]>;
} & { close(): Promise<void> };

const turnOf = (organizationId: string | undefined) =>
  organizationId === undefined ? {} : { key: organizationId };

/**
 * The PDF thread stops after 30 s idle (the Typst compiler keeps its fonts and caches while it
 * lives); a task may take 3 minutes (far beyond the seal of a 400-page document on a busy machine)
 * and the thread 2 GB of heap, so only a runaway input meets either limit. Parsing and joining
 * PDFs makes short-lived objects by the million: the young generation of up to 192 MB (V8's
 * default is a few MB) was measured a fifth faster when react-pdf laid the pages out, and has not
 * been measured again since Typst does that outside the JavaScript heap. A seal's RFC 3161 exchange
 * (up to 15 s) is done by the server thread (`timestamp`): the seal waiting on it is parked, and
 * the thread serves the next send or seal meanwhile.
 */
const pdfThread: TaskThreadOptions = {
  idleMs: 30_000,
  taskTimeoutMs: 180_000,
  resourceLimits: { maxOldGenerationSizeMb: 2048, maxYoungGenerationSizeMb: 192 },
  serverRequests: { timestamp: exchangeWithTsa },
};

/** How long a warmed-up PDF thread is kept idle: a signer who opened the page signs within minutes. */
const warmThreadKeptMs = 10 * 60_000;

const loadTasks = async () => (await import('./pdf-tasks')).pdfTasks;

/** The PDF tasks of an engine, as the methods services call. */
function pdfEngineOf(engine: TaskEngine<PdfTasks>): PdfEngine {
  return {
    // Uploaded PDFs (up to 50 MB each) are moved to the thread, not copied, when they own their
    // buffer (a small one read from the database store may be a slice of a shared one).
    freezeContract: (input, organizationId) =>
      engine.run(
        'freezeContract',
        input,
        [
          ...new Set(
            (input.files ?? [])
              .filter((file) => ownsBuffer(file.bytes))
              .map((file) => file.bytes.buffer as ArrayBuffer),
          ),
        ],
        turnOf(organizationId),
      ),
    // The frozen PDF (up to 500 MB of uploads) moves to the thread when it owns its buffer; the
    // caller reads it for this alone.
    finalizeContract: (input, organizationId) =>
      engine.run(
        'finalizeContract',
        input,
        ownsBuffer(input.frozen) ? [input.frozen.buffer as ArrayBuffer] : [],
        turnOf(organizationId),
      ),
    readCertificate: (input, organizationId) =>
      engine.run('readCertificate', input, [], turnOf(organizationId)),
    renderRedline: (input, organizationId) => engine.run('renderRedline', input, [], turnOf(organizationId)),
    // Run on the calling thread, the work would hold it for a second, for nothing a thread of its
    // own would keep. A thread warmed is kept while the signer reads and signs. No one waits for
    // it: queued behind the sends and seals that are waited for.
    warmUp: async (input) => {
      if (!engine.threaded) return;
      await engine.run('warmUp', input, [], { background: true });
      engine.keepAlive(warmThreadKeptMs);
    },
    // Up to 25 MB: moved to the thread, not copied (a copy is tens of milliseconds of this one).
    inspectDocument: (input, organizationId) => {
      const owned = ownsBuffer(input) ? input : new Uint8Array(input);
      return engine.run('inspectDocument', owned, [owned.buffer as ArrayBuffer], turnOf(organizationId));
    },
    close: () => engine.close(),
  };
}

/** The PDF tasks in one worker thread (tests and benchmarks give the built worker, and may shorten the idle time). */
export function threadedPdfEngine(workerFile: URL, idleMs = pdfThread.idleMs): PdfEngine {
  return pdfEngineOf(startTaskThread<PdfTasks>(workerFile, { ...pdfThread, idleMs }));
}

/** The same tasks on the calling thread: for tests and tools that run from TypeScript sources. */
export async function inlinePdfEngine(): Promise<PdfEngine> {
  return pdfEngineOf(inlineEngine(loadTasks));
}

/**
 * The server's PDF engine, made once at start-up and given to the app, the jobs and the demo: the
 * worker next to the server bundle when there is one, else the tasks on the calling thread.
 */
export async function defaultPdfEngine(serverDir: URL): Promise<PdfEngine> {
  return pdfEngineOf(
    taskEngine({ workerFile: new URL('./pdf-worker.js', serverDir), ...pdfThread, inline: loadTasks }),
  );
}
