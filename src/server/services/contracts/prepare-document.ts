import { ContentTooLargeError, InvalidContentError, normalizeDocument } from '../../../editor/content';
import { renderDocumentHtml } from '../../../editor/html';
import type { EditorDocument } from '../../../shared/api/editor-document';

export type PreparedContent =
  | { ok: true; contentJson: string; contentHtml: string }
  | { ok: false; tooLarge: boolean; message: string };

/**
 * A document checked against the editor schema and the limits, as JSON text, with its HTML; or
 * why it was refused. Runs in the content thread (see content-tasks.ts).
 */
export function prepareDocument(document: EditorDocument): PreparedContent {
  try {
    const content = normalizeDocument(document);
    return { ok: true, contentJson: JSON.stringify(content), contentHtml: renderDocumentHtml(content) };
  } catch (error) {
    if (error instanceof InvalidContentError) {
      return { ok: false, tooLarge: error instanceof ContentTooLargeError, message: error.message };
    }
    throw error;
  }
}
