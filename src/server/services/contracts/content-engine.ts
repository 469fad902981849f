import type { RedlineChange } from '../../../editor/redline/changes';
import type { Redline } from '../../../editor/redline/compare-documents';
import type { EditorDocument } from '../../../shared/api/editor-document';
import { AppError } from '../../../shared/errors';
import { inlineEngine, type TaskEngine, taskEngine } from '../../workers/task-engine';
import type { judgePatterns, PatternItem } from '../contract-files/field-patterns';
import type { AppliedSuggestion, SuggestionDecision } from '../reviews/apply-suggestion-task';
import type { PictureBounds } from '../signing/signature-image';
import type { ContentTasks } from './content-tasks';
import type { PreparedContent } from './prepare-document';

/**
 * Checked content as JSON text (written with db/json-text's storedJson, never parsed here) and the
 * HTML rendered from it.
 */
export type CheckedContent = { json: string; contentHtml: string };

export type DecidedSuggestion =
  | Exclude<AppliedSuggestion, { outcome: 'applied' }>
  | { outcome: 'applied'; changes: number; accepted: number; content: CheckedContent | null };

/**
 * The work on editor documents that costs CPU: checking and rendering a save, comparing versions,
 * deciding suggestions, matching field patterns and reading signing pictures. Made once by the
 * process (`defaultContentEngine`) and lent to the services that name 'content'.
 */
export type ContentEngine = {
  /** Checks submitted content against the editor schema and the limits, and renders the HTML stored beside it. */
  prepare(json: EditorDocument | undefined): Promise<CheckedContent>;
  /**
   * Two versions compared as a redline: a 100-page comparison is tens of milliseconds of CPU,
   * kept off the request path like a save's check.
   */
  compare(before: EditorDocument, after: EditorDocument): Promise<Redline>;
  /** The same with each change numbered, as a suggestion is shown to the owner deciding on it. */
  compareNumbered(
    before: EditorDocument,
    after: EditorDocument,
  ): Promise<{ document: EditorDocument; changes: RedlineChange[] }>;
  /**
   * A suggestion decided (`applySuggestionTask`): its redline, the accepted changes applied and
   * merged into the draft, the result checked and rendered. The merge diffs whole documents, and
   * took 47 s of the event loop at the block limit when it ran there. The documents come and go
   * as JSON text (db/json-text.ts): none of them is parsed on the calling thread.
   */
  applySuggestion(decision: SuggestionDecision): Promise<DecidedSuggestion>;
  /**
   * A save's or a signature's texts matched against their fields' patterns (`judgePatterns`):
   * compiling a sender's pattern and matching it cost up to tens of milliseconds each, which the
   * request thread (and everyone's requests behind it) must not spend.
   */
  judgePatterns(items: PatternItem[]): Promise<ReturnType<typeof judgePatterns>>;
  /**
   * The pictures of a signature (its PNGs, headers already checked) inflated to check the seal
   * can read them: the index of the first that cannot be read, or null.
   */
  readPictures(pictures: { dataUrl: string; bounds: PictureBounds }[]): Promise<number | null>;
  close(): Promise<void>;
};

/**
 * Checking a 300-page document and rendering its HTML takes a few hundred milliseconds of CPU:
 * done in a thread of its own, apart from the PDF thread, so a save never waits behind a render
 * and never holds up anyone else's request.
 */
const contentThread = {
  idleMs: 60_000,
  taskTimeoutMs: 30_000,
  resourceLimits: { maxOldGenerationSizeMb: 512 },
};

const loadTasks = async () => (await import('./content-tasks')).contentTasks;

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

/** The content tasks of an engine (a thread, inline, or a test's own), as the methods services call. */
export function contentEngineOf(engine: TaskEngine<ContentTasks>): ContentEngine {
  return {
    prepare: async (json) =>
      checked(await engine.run('prepareContent', json === undefined ? null : JSON.stringify(json))),
    compare: async (before, after) => {
      const json = await engine.run('compareDocuments', {
        before: JSON.stringify(before),
        after: JSON.stringify(after),
      });
      return JSON.parse(json) as Redline;
    },
    compareNumbered: async (before, after) => {
      const json = await engine.run('numberedRedline', {
        before: JSON.stringify(before),
        after: JSON.stringify(after),
      });
      return JSON.parse(json) as { document: EditorDocument; changes: RedlineChange[] };
    },
    applySuggestion: async (decision) => {
      const result = await engine.run('applySuggestion', decision);
      if (result.outcome !== 'applied') return result;
      return { ...result, content: result.content && checked(result.content) };
    },
    judgePatterns: async (items) => (items.length === 0 ? null : engine.run('judgePatterns', items)),
    readPictures: async (pictures) => (pictures.length === 0 ? null : engine.run('readPictures', pictures)),
    close: () => engine.close(),
  };
}

/** The same tasks on the calling thread: for tests and tools that run from TypeScript sources. */
export function inlineContentEngine(): ContentEngine {
  return contentEngineOf(inlineEngine(loadTasks));
}

/**
 * The server's content engine, made once at start-up: content-worker.js beside the server bundle
 * when there is one, else the tasks on the calling thread (running from sources).
 */
export function defaultContentEngine(serverDir: URL): ContentEngine {
  return contentEngineOf(
    taskEngine({
      workerFile: new URL('./content-worker.js', serverDir),
      ...contentThread,
      inline: loadTasks,
    }),
  );
}
