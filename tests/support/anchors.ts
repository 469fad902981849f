import { expect } from 'vitest';
import { anchorAt, type TextAnchor } from '../../src/editor/comments/anchor';
import { documentPlainText } from '../../src/editor/comments/plain-text';
import type { EditorDocument } from '../../src/shared/api/editor-document';

/** The anchor of a quote in a document (its nth occurrence), as the editor makes it from a selection. */
export function quoteAnchor(document: EditorDocument, quote: string, occurrence = 0): TextAnchor {
  const { text } = documentPlainText(document);
  let start = -1;
  for (let n = 0; n <= occurrence; n += 1) start = text.indexOf(quote, start + 1);
  expect(start).toBeGreaterThanOrEqual(0);
  return anchorAt(text, start, start + quote.length);
}
