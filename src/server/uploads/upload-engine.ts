import { AppError } from '../../shared/errors';
import { taskEngine } from '../workers/task-engine';
import type { InspectedPdf } from './inspect-pdf';
import type { TaggedField } from './text-tags';
import type { UploadTasks } from './upload-tasks';

/**
 * Uploaded PDFs are read in a thread of their own: a hostile file meets this thread's heap and
 * time, never the process or the PDF thread that seals everyone's contracts. A real 500-page
 * file is inspected in well under a second; 20 s is only ever met by a runaway. Beside the
 * server bundle there is upload-worker.js; from sources (tests, tools) the tasks run inline.
 */
const uploads = taskEngine<UploadTasks>({
  workerFile: new URL('./upload-worker.js', import.meta.url),
  idleMs: 60_000,
  taskTimeoutMs: 20_000,
  resourceLimits: { maxOldGenerationSizeMb: 1024 },
  inline: async () => (await import('./upload-tasks')).uploadTasks,
});

/** Inspects a received PDF; a file refused answers 413, 415, 422 or 400 with the reason. */
export async function inspectUploadedPdf(path: string): Promise<InspectedPdf> {
  let inspected: Awaited<ReturnType<UploadTasks['inspectPdf']>>;
  try {
    inspected = await uploads.run('inspectPdf', path);
  } catch {
    // The thread ran out of memory or time on it: no real document does.
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      'This PDF is too large or too complex to read. Print it to a new PDF, or split it into smaller files.',
    );
  }
  if (!inspected.ok) {
    const code =
      inspected.kind === 'tooLarge'
        ? 'PAYLOAD_TOO_LARGE'
        : inspected.kind === 'notPdf'
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : 'INVALID_INPUT';
    throw new AppError(code, inspected.message);
  }
  const { ok: _ok, ...facts } = inspected;
  return facts;
}

/** The fields a stored PDF's text tags ask for (see text-tags.ts); its bytes move to the thread. */
export function findTaggedFields(bytes: Uint8Array, limit: number): Promise<TaggedField[]> {
  const owned =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  return uploads.run('findTextTags', { bytes: owned, limit }, [owned.buffer as ArrayBuffer]);
}

/** The SHA-256 of a received file, read and hashed in the upload thread, off the request thread. */
export function hashUploadedFile(path: string): Promise<string> {
  return uploads.run('hashFile', path);
}
