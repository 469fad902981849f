import { existsSync } from 'node:fs';
import type { Redline } from '../../../editor/redline/compare-documents';
import type { EditorDocument } from '../../../shared/api/editor-document';
import { AppError } from '../../../shared/errors';
import { startTaskThread, type TaskThread } from '../../workers/task-thread';
import { type ContentTasks, compareDocumentsTask, prepareContentTask } from './content-tasks';

// Beside the server bundle (dist/server/main.js) there is content-worker.js; running from
// sources (tests, tools) there is none and documents are checked on the calling thread.
const workerFile = new URL('./content-worker.js', import.meta.url);
let thread: TaskThread<ContentTasks> | null | undefined;

/**
 * Checking a 300-page document and rendering its HTML takes a few hundred milliseconds of CPU:
 * done in a thread of its own, apart from the PDF thread, so a save never waits behind a render
 * and never holds up anyone else's request.
 */
function contentThread(): TaskThread<ContentTasks> | null {
  thread ??= existsSync(workerFile)
    ? startTaskThread<ContentTasks>(workerFile, {
        idleMs: 60_000,
        taskTimeoutMs: 30_000,
        resourceLimits: { maxOldGenerationSizeMb: 512 },
      })
    : null;
  return thread;
}

/** Checks submitted content against the editor schema and the limits, and renders the HTML stored beside it. */
export async function prepareContent(
  json: EditorDocument | undefined,
): Promise<{ content: EditorDocument; contentHtml: string }> {
  const text = json === undefined ? null : JSON.stringify(json);
  const worker = contentThread();
  const prepared = worker ? await worker.run('prepareContent', text) : await prepareContentTask(text);
  if (!prepared.ok) {
    throw new AppError(
      prepared.tooLarge ? 'PAYLOAD_TOO_LARGE' : 'INVALID_CONTENT',
      prepared.message,
      'content',
    );
  }
  return { content: JSON.parse(prepared.contentJson) as EditorDocument, contentHtml: prepared.contentHtml };
}

/**
 * Two versions compared as a redline, in the content thread: a 100-page comparison is tens of
 * milliseconds of CPU, kept off the request path like a save's check.
 */
export async function compareContent(before: EditorDocument, after: EditorDocument): Promise<Redline> {
  const worker = contentThread();
  const pair = { before: JSON.stringify(before), after: JSON.stringify(after) };
  const json = worker ? await worker.run('compareDocuments', pair) : await compareDocumentsTask(pair);
  return JSON.parse(json) as Redline;
}
