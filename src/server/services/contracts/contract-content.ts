import type { RedlineChange } from '../../../editor/redline/changes';
import type { Redline } from '../../../editor/redline/compare-documents';
import type { EditorDocument } from '../../../shared/api/editor-document';
import { AppError } from '../../../shared/errors';
import { taskEngine } from '../../workers/task-engine';
import type { judgePatterns, PatternItem } from '../contract-files/field-patterns';
import type { AppliedSuggestion, SuggestionDecision } from '../reviews/apply-suggestion-task';
import type { PictureBounds } from '../signing/signature-image';
import type { ContentTasks } from './content-tasks';
import type { PreparedContent } from './prepare-document';

/**
 * Checking a 300-page document and rendering its HTML takes a few hundred milliseconds of CPU:
 * done in a thread of its own, apart from the PDF thread, so a save never waits behind a render
 * and never holds up anyone else's request. Beside the server bundle (dist/server/main.js) there
 * is content-worker.js; running from sources (tests, tools) there is none and documents are
 * checked on the calling thread.
 */
const content = taskEngine<ContentTasks>({
  workerFile: new URL('./content-worker.js', import.meta.url),
  idleMs: 60_000,
  taskTimeoutMs: 30_000,
  resourceLimits: { maxOldGenerationSizeMb: 512 },
  inline: async () => (await import('./content-tasks')).contentTasks,
});

/** Checks submitted content against the editor schema and the limits, and renders the HTML stored beside it. */
export async function prepareContent(json: EditorDocument | undefined): Promise<CheckedContent> {
  const text = json === undefined ? null : JSON.stringify(json);
  return checked(await content.run('prepareContent', text));
}

/**
 * Checked content as JSON text (written with db/json-text's storedJson, never parsed here) and the
 * HTML rendered from it.
 */
export type CheckedContent = { json: string; contentHtml: string };

function checked(prepared: PreparedContent): CheckedContent {
  if (!prepared.ok) {
    throw new AppError(
      prepared.tooLarge ? 'PAYLOAD_TOO_LARGE' : 'INVALID_CONTENT',
      prepared.message,
      'content',
    );
  }
  return { json: prepared.contentJson, contentHtml: prepared.contentHtml };
}

/**
 * Two versions compared as a redline, in the content thread: a 100-page comparison is tens of
 * milliseconds of CPU, kept off the request path like a save's check.
 */
export async function compareContent(before: EditorDocument, after: EditorDocument): Promise<Redline> {
  const pair = { before: JSON.stringify(before), after: JSON.stringify(after) };
  const json = await content.run('compareDocuments', pair);
  return JSON.parse(json) as Redline;
}

/** The same with each change numbered, as a suggestion is shown to the owner deciding on it. */
export async function compareNumbered(
  before: EditorDocument,
  after: EditorDocument,
): Promise<{ document: EditorDocument; changes: RedlineChange[] }> {
  const pair = { before: JSON.stringify(before), after: JSON.stringify(after) };
  const json = await content.run('numberedRedline', pair);
  return JSON.parse(json) as { document: EditorDocument; changes: RedlineChange[] };
}

export type DecidedSuggestion =
  | Exclude<AppliedSuggestion, { outcome: 'applied' }>
  | { outcome: 'applied'; changes: number; accepted: number; content: CheckedContent | null };

/**
 * A suggestion decided in the content thread (`applySuggestionTask`): its redline, the accepted
 * changes applied and merged into the draft, the result checked and rendered. The merge diffs
 * whole documents, and took 47 s of the event loop at the block limit when it ran here. The
 * documents come and go as JSON text (db/json-text.ts): none of them is parsed on this thread.
 */
export async function applySuggestion(decision: SuggestionDecision): Promise<DecidedSuggestion> {
  const result = await content.run('applySuggestion', decision);
  if (result.outcome !== 'applied') return result;
  return { ...result, content: result.content && checked(result.content) };
}

/**
 * A save's or a signature's texts matched against their fields' patterns (`judgePatterns`) in the
 * content thread: compiling a sender's pattern and matching it cost up to tens of milliseconds
 * each, which the request thread (and everyone's requests behind it) must not spend.
 */
export async function judgePatternsApart(items: PatternItem[]): Promise<ReturnType<typeof judgePatterns>> {
  return items.length === 0 ? null : content.run('judgePatterns', items);
}

/**
 * The pictures of a signature (its PNGs, headers already checked) inflated in the content thread
 * to check the seal can read them: the index of the first that cannot be read, or null.
 */
export async function readPicturesApart(
  pictures: { dataUrl: string; bounds: PictureBounds }[],
): Promise<number | null> {
  return pictures.length === 0 ? null : content.run('readPictures', pictures);
}
