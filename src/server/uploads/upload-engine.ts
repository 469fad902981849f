import { AppError } from '../../shared/errors';
import { taskEngine } from '../workers/task-engine';
import { ownsBuffer } from '../workers/task-thread';
import type { InspectedPdf } from './inspect-pdf';
import type { TaggedField } from './text-tags';
import type { UploadTasks } from './upload-tasks';

/**
 * Uploaded PDFs are read in a thread of their own: a hostile file meets this thread's heap and
 * time, never the process or the PDF thread that seals everyone's contracts. A real 500-page
 * file is inspected in well under a second; 20 s is only ever met by a runaway. Beside the
 * server bundle there is upload-worker.js; from sources (tests, tools) the tasks run inline.
 */
const uploadThread = {
  workerFile: new URL('./upload-worker.js', import.meta.url),
  idleMs: 60_000,
  taskTimeoutMs: 20_000,
  resourceLimits: { maxOldGenerationSizeMb: 1024 },
  inline: async () => (await import('./upload-tasks')).uploadTasks,
};

/** The upload thread: inspections, which someone uploading waits for. */
const uploads = taskEngine<UploadTasks>(uploadThread);

/**
 * The tag thread, a second thread of the same worker: text tags are read in a job no one waits
 * for, up to seconds a file (`textTagLimits`), and an upload's inspection never waits behind them.
 */
const tagReading = taskEngine<UploadTasks>(uploadThread);

/**
 * Inspects a received PDF for an organization (whose uploads wait behind each other, not in front
 * of other organizations'); a file refused answers 413, 415, 422 or 400 with the reason.
 */
export async function inspectUploadedPdf(path: string, organizationId: string): Promise<InspectedPdf> {
  let inspected: Awaited<ReturnType<UploadTasks['inspectPdf']>>;
  try {
    inspected = await uploads.run('inspectPdf', path, [], { key: organizationId });
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

/**
 * The fields a stored PDF's text tags ask for (see text-tags.ts), read in the tag thread in its
 * organization's turn; its bytes move to the thread. A file whose tags cannot be read within
 * their budget is refused (a TaskRefusal).
 */
export function findTaggedFields(
  bytes: Uint8Array,
  limit: number,
  organizationId: string,
): Promise<TaggedField[]> {
  const owned = ownsBuffer(bytes) ? bytes : new Uint8Array(bytes);
  return tagReading.run('findTextTags', { bytes: owned, limit }, [owned.buffer as ArrayBuffer], {
    key: organizationId,
  });
}

/**
 * The SHA-256 of a received file, read and hashed in the upload thread (off the request thread),
 * in its organization's turn as its inspection was.
 */
export function hashUploadedFile(path: string, organizationId: string): Promise<string> {
  return uploads.run('hashFile', path, [], { key: organizationId });
}
