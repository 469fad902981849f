import { readDocument } from '../workers/document-outcome';
import { inlineEngine, type TaskEngine, taskEngine } from '../workers/task-engine';
import { ownsBuffer } from '../workers/task-thread';
import type { InspectedPdf } from './inspect-pdf';
import type { PdfText } from './pdf-text';
import type { SpreadsheetRows } from './spreadsheet-rows';
import type { TaggedField } from './text-tags';
import type { UploadTasks } from './upload-tasks';

/**
 * Reads uploaded files: a PDF's inspection and hash and a spreadsheet's rows, which someone
 * uploading waits for, and a PDF's text tags, read in a job no one waits for. Made once by the process (`defaultUploadEngine`) and
 * lent to the services that name 'uploads'. A call names its organization, whose uploads wait
 * behind each other, not in front of other organizations'.
 */
export type UploadEngine = {
  /** Inspects a received PDF; a file refused answers 413, 415, 422 or 400 with the reason. */
  inspectPdf(path: string, organizationId: string): Promise<InspectedPdf>;
  /** The SHA-256 of a received file, read and hashed off the request thread. */
  hashFile(path: string, organizationId: string): Promise<string>;
  /**
   * The fields a stored PDF's text tags ask for (see text-tags.ts); its bytes move to the thread.
   * A file whose tags cannot be read within their budget is refused (a TaskRefusal).
   */
  findTaggedFields(bytes: Uint8Array, limit: number, organizationId: string): Promise<TaggedField[]>;
  /** A stored PDF's text layer for search (see pdf-text.ts), read in the tag thread; its bytes move to it. */
  readPdfText(bytes: Uint8Array, organizationId: string): Promise<PdfText>;
  /**
   * The rows of an uploaded CSV or .xlsx file (its bytes move to the thread); one refused answers
   * 413, 415 or 400 with the reason, naming the bound it passed.
   */
  readSpreadsheet(bytes: Uint8Array, organizationId: string): Promise<SpreadsheetRows>;
  close(): Promise<void>;
};

/**
 * Uploaded PDFs are read in a thread of their own: a hostile file meets this thread's heap and
 * time, never the process or the PDF thread that seals everyone's contracts. A real 500-page
 * file is inspected in well under a second; 20 s is only ever met by a runaway.
 */
const uploadThread = {
  idleMs: 60_000,
  taskTimeoutMs: 20_000,
  resourceLimits: { maxOldGenerationSizeMb: 1024 },
};

const loadTasks = async () => (await import('./upload-tasks')).uploadTasks;

/**
 * The upload tasks as the methods services call: `inspections` runs what an uploader waits for,
 * `tags` (a second thread of the same worker) the text tags, up to seconds a file
 * (`textTagLimits`), so an upload's inspection never waits behind them.
 */
export function uploadEngineOf(
  inspections: TaskEngine<UploadTasks>,
  tags: TaskEngine<UploadTasks>,
): UploadEngine {
  return {
    inspectPdf: (path, organizationId) =>
      readDocument(
        () => inspections.run('inspectPdf', path, [], { key: organizationId }),
        'notPdf',
        'This PDF is too large or too complex to read. Print it to a new PDF, or split it into smaller files.',
      ),
    hashFile: (path, organizationId) => inspections.run('hashFile', path, [], { key: organizationId }),
    findTaggedFields(bytes, limit, organizationId) {
      const owned = ownsBuffer(bytes) ? bytes : new Uint8Array(bytes);
      return tags.run('findTextTags', { bytes: owned, limit }, [owned.buffer as ArrayBuffer], {
        key: organizationId,
      });
    },
    readPdfText(bytes, organizationId) {
      const owned = ownsBuffer(bytes) ? bytes : new Uint8Array(bytes);
      return tags.run('readPdfText', owned, [owned.buffer as ArrayBuffer], { key: organizationId });
    },
    readSpreadsheet(bytes, organizationId) {
      const owned = ownsBuffer(bytes) ? bytes : new Uint8Array(bytes);
      return readDocument(
        () =>
          inspections.run('readSpreadsheet', owned, [owned.buffer as ArrayBuffer], { key: organizationId }),
        'notSpreadsheet',
        'This spreadsheet is too large or too complex to read. Save it as CSV, or split it into smaller files.',
      );
    },
    close: async () => {
      await Promise.all([inspections.close(), tags.close()]);
    },
  };
}

/** The same tasks on the calling thread: for tests and tools that run from TypeScript sources. */
export function inlineUploadEngine(): UploadEngine {
  const inline = inlineEngine(loadTasks);
  return uploadEngineOf(inline, inline);
}

/**
 * The server's upload engine, made once at start-up: two threads of upload-worker.js beside the
 * server bundle when there is one, else the tasks on the calling thread (running from sources).
 */
export function defaultUploadEngine(serverDir: URL): UploadEngine {
  const options = {
    workerFile: new URL('./upload-worker.js', serverDir),
    ...uploadThread,
    inline: loadTasks,
  };
  return uploadEngineOf(taskEngine<UploadTasks>(options), taskEngine<UploadTasks>(options));
}
