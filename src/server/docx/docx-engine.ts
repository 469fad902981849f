import { existsSync } from 'node:fs';
import { AppError } from '../../shared/errors';
import { startTaskThread, type TaskThread } from '../workers/task-thread';
import type { DocxRevision } from './document-to-docx';
import type { DocxImportOutcome, DocxTasks } from './docx-tasks';
import type { ImportedDocx } from './import-docx';

// Beside the server bundle (dist/server/main.js) there is docx-worker.js; running from sources
// (tests, tools) there is none and the same tasks run on the calling thread.
const workerFile = new URL('./docx-worker.js', import.meta.url);
let thread: TaskThread<DocxTasks> | null | undefined;

/**
 * Reading a 100-page .docx is a few hundred milliseconds of XML parsing, and a hostile one is
 * bounded by docxLimits and by this thread's heap and time: what exceeds them ends the thread,
 * never the process or anyone else's request.
 */
function docxThread(): TaskThread<DocxTasks> | null {
  thread ??= existsSync(workerFile)
    ? startTaskThread<DocxTasks>(workerFile, {
        idleMs: 60_000,
        taskTimeoutMs: 30_000,
        resourceLimits: { maxOldGenerationSizeMb: 768 },
      })
    : null;
  return thread;
}

async function runTask<K extends keyof DocxTasks>(
  task: K,
  input: Parameters<DocxTasks[K]>[0],
  transfer: ArrayBuffer[] = [],
): Promise<Awaited<ReturnType<DocxTasks[K]>>> {
  const worker = docxThread();
  if (!worker) {
    const { docxTasks } = await import('./docx-tasks');
    const run = docxTasks[task] as (value: typeof input) => Promise<Awaited<ReturnType<DocxTasks[K]>>>;
    return run(input);
  }
  return worker.run(task, input, transfer);
}

/** Reads an uploaded .docx; a file refused answers 413, 415 or 400 with the reason. */
export async function readDocx(file: Buffer): Promise<ImportedDocx> {
  // Moved to the thread, not copied: the Buffer from the upload parser owns its memory.
  const owned =
    file.byteOffset === 0 && file.byteLength === file.buffer.byteLength
      ? new Uint8Array(file.buffer, 0, file.byteLength)
      : new Uint8Array(file);
  let outcome: DocxImportOutcome;
  try {
    outcome = await runTask('importDocx', owned, [owned.buffer as ArrayBuffer]);
  } catch {
    // The thread ran out of memory or time on it: no real document does.
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      'This document is too large or too complex to import. Split it into smaller documents.',
    );
  }
  if (!outcome.ok) {
    const code =
      outcome.kind === 'tooLarge'
        ? 'PAYLOAD_TOO_LARGE'
        : outcome.kind === 'notDocx'
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : 'INVALID_INPUT';
    throw new AppError(code, outcome.message);
  }
  return { title: outcome.title, contentJson: outcome.contentJson, notices: outcome.notices };
}

/**
 * Writes a document (as JSON text) as a .docx; with a revision, a redline's marks are written as
 * tracked changes by that author.
 */
export async function writeDocx(
  contentJson: string,
  title: string,
  revision?: DocxRevision,
): Promise<Buffer> {
  const bytes = await runTask('exportDocx', { contentJson, title, ...(revision ? { revision } : {}) });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
