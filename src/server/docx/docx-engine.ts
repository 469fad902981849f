import { AppError } from '../../shared/errors';
import { taskEngine } from '../workers/task-engine';
import type { DocxRevision } from './document-to-docx';
import type { DocxImportOutcome, DocxTasks } from './docx-tasks';
import type { ImportedDocx } from './import-docx';

/**
 * Reading a 100-page .docx is a few hundred milliseconds of XML parsing, and a hostile one is
 * bounded by docxLimits and by this thread's heap and time: what exceeds them ends the thread,
 * never the process or anyone else's request. Beside the server bundle (dist/server/main.js)
 * there is docx-worker.js; running from sources (tests, tools) there is none and the same tasks
 * run on the calling thread.
 */
const docx = taskEngine<DocxTasks>({
  workerFile: new URL('./docx-worker.js', import.meta.url),
  idleMs: 60_000,
  taskTimeoutMs: 30_000,
  resourceLimits: { maxOldGenerationSizeMb: 768 },
  inline: async () => (await import('./docx-tasks')).docxTasks,
});

/** Reads an uploaded .docx; a file refused answers 413, 415 or 400 with the reason. */
export async function readDocx(file: Buffer): Promise<ImportedDocx> {
  // Moved to the thread, not copied: the Buffer from the upload parser owns its memory.
  const owned =
    file.byteOffset === 0 && file.byteLength === file.buffer.byteLength
      ? new Uint8Array(file.buffer, 0, file.byteLength)
      : new Uint8Array(file);
  let outcome: DocxImportOutcome;
  try {
    outcome = await docx.run('importDocx', owned, [owned.buffer as ArrayBuffer]);
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
  const bytes = await docx.run('exportDocx', { contentJson, title, ...(revision ? { revision } : {}) });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
