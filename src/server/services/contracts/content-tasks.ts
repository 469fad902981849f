import { emptyDocument } from '../../../editor/content';
import { numberChanges } from '../../../editor/redline/changes';
import { compareDocuments } from '../../../editor/redline/compare-documents';
import type { EditorDocument } from '../../../shared/api/editor-document';
import { judgePatterns, type PatternItem } from '../contract-files/field-patterns';
import { applySuggestionTask } from '../reviews/apply-suggestion-task';
import { firstUnreadablePicture, type PictureBounds } from '../signing/signature-image';
import { type PreparedContent, prepareDocument } from './prepare-document';

/**
 * Checks a document (as JSON text, or null for an empty one) against the editor schema and the
 * limits, and renders its HTML. Text goes in and out: copying a string between threads is cheap,
 * while a structured clone of a 27,000-node document took 70 ms of the calling thread.
 */
export async function prepareContentTask(json: string | null): Promise<PreparedContent> {
  return prepareDocument(json === null ? emptyDocument : (JSON.parse(json) as EditorDocument));
}

/** Two stored (already checked) documents as JSON text compared as a redline, returned as JSON text. */
export async function compareDocumentsTask(pair: { before: string; after: string }): Promise<string> {
  return JSON.stringify(
    compareDocuments(JSON.parse(pair.before) as EditorDocument, JSON.parse(pair.after) as EditorDocument),
  );
}

/** The same, each change numbered (`numberChanges`): a suggestion as the owner decides on it. */
export async function numberedRedlineTask(pair: { before: string; after: string }): Promise<string> {
  return JSON.stringify(
    numberChanges(
      compareDocuments(JSON.parse(pair.before) as EditorDocument, JSON.parse(pair.after) as EditorDocument)
        .document,
    ),
  );
}

/** Texts matched against their fields' patterns, each compiled once (field-patterns.ts). */
export async function judgePatternsTask(items: PatternItem[]): Promise<ReturnType<typeof judgePatterns>> {
  return judgePatterns(items);
}

/** The first of a signature's PNGs the seal could not read, or null (signing-pictures.ts). */
export async function readPicturesTask(
  pictures: { dataUrl: string; bounds: PictureBounds }[],
): Promise<number | null> {
  return firstUnreadablePicture(pictures);
}

export const contentTasks = {
  prepareContent: prepareContentTask,
  compareDocuments: compareDocumentsTask,
  numberedRedline: numberedRedlineTask,
  applySuggestion: applySuggestionTask,
  judgePatterns: judgePatternsTask,
  readPictures: readPicturesTask,
};
export type ContentTasks = typeof contentTasks;
