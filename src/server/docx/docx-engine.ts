import { readDocument } from '../workers/document-outcome';
import { inlineEngine, type TaskEngine, taskEngine } from '../workers/task-engine';
import type { DocxRevision } from './document-to-docx';
import type { DocxTasks } from './docx-tasks';
import type { ImportedDocx } from './import-docx';

/**
 * Reads and writes .docx files. Made once by the process (`defaultDocxEngine`) and lent to the
 * services that name 'docx'.
 */
export type DocxEngine = {
  /** Reads an uploaded .docx; a file refused answers 413, 415 or 400 with the reason. */
  read(file: Buffer): Promise<ImportedDocx>;
  /**
   * Writes a document (as JSON text) as a .docx; with a revision, a redline's marks are written as
   * tracked changes by that author.
   */
  write(contentJson: string, title: string, revision?: DocxRevision): Promise<Buffer>;
  close(): Promise<void>;
};

/**
 * Reading a 100-page .docx is a few hundred milliseconds of XML parsing, and a hostile one is
 * bounded by docxLimits and by this thread's heap and time: what exceeds them ends the thread,
 * never the process or anyone else's request.
 */
const docxThread = {
  idleMs: 60_000,
  taskTimeoutMs: 30_000,
  resourceLimits: { maxOldGenerationSizeMb: 768 },
};

const loadTasks = async () => (await import('./docx-tasks')).docxTasks;

/** The .docx tasks of an engine (a thread, inline, or a test's own), as the methods services call. */
export function docxEngineOf(engine: TaskEngine<DocxTasks>): DocxEngine {
  return {
    async read(file) {
      // Moved to the thread, not copied: the Buffer from the upload parser owns its memory.
      const owned =
        file.byteOffset === 0 && file.byteLength === file.buffer.byteLength
          ? new Uint8Array(file.buffer, 0, file.byteLength)
          : new Uint8Array(file);
      const read = await readDocument(
        () => engine.run('importDocx', owned, [owned.buffer as ArrayBuffer]),
        'notDocx',
        'This document is too large or too complex to import. Split it into smaller documents.',
      );
      return { title: read.title, contentJson: read.contentJson, notices: read.notices };
    },
    async write(contentJson, title, revision) {
      const bytes = await engine.run('exportDocx', { contentJson, title, ...(revision ? { revision } : {}) });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () => engine.close(),
  };
}

/** The same tasks on the calling thread: for tests and tools that run from TypeScript sources. */
export function inlineDocxEngine(): DocxEngine {
  return docxEngineOf(inlineEngine(loadTasks));
}

/**
 * The server's .docx engine, made once at start-up: docx-worker.js beside the server bundle when
 * there is one, else the tasks on the calling thread (running from sources).
 */
export function defaultDocxEngine(serverDir: URL): DocxEngine {
  return docxEngineOf(
    taskEngine({ workerFile: new URL('./docx-worker.js', serverDir), ...docxThread, inline: loadTasks }),
  );
}
