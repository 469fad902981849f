import { emptyDocument, InvalidContentError, normalizeDocument } from '../../../editor/content';
import { renderDocumentHtml } from '../../../editor/html';
import type { EditorDocument } from '../../../shared/api/editor-document';
import { AppError } from '../../../shared/errors';

/** Checks submitted content against the editor schema and renders the HTML stored beside it. */
export function prepareContent(json: EditorDocument | undefined): {
  content: EditorDocument;
  contentHtml: string;
} {
  let content: EditorDocument;
  try {
    content = normalizeDocument(json ?? emptyDocument);
  } catch (error) {
    if (error instanceof InvalidContentError) throw new AppError('INVALID_CONTENT', error.message, 'content');
    throw error;
  }
  return { content, contentHtml: renderDocumentHtml(content) };
}
