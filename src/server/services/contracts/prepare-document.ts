import { ContentTooLargeError, InvalidContentError, normalizeDocument } from '../../../editor/content';
import { renderDocumentHtml } from '../../../editor/html';
import { signingFieldsInText } from '../../../editor/signing-field-values';
import type { EditorDocument } from '../../../shared/api/editor-document';
import { patternProblemWords } from '../../../shared/fields';
import { patternProblem } from '../contract-files/field-patterns';

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
    // Each pattern compiled once, here in the content thread, under the same bound as a PDF's fields.
    const judged = new Map<string, ReturnType<typeof patternProblem>>();
    for (const field of signingFieldsInText(content)) {
      const pattern = field.options?.pattern;
      if (pattern === undefined) continue;
      if (!judged.has(pattern)) judged.set(pattern, patternProblem(pattern));
      const problem = judged.get(pattern);
      if (problem) {
        return {
          ok: false,
          tooLarge: false,
          message: `The pattern of the text field${field.label ? ` “${field.label}”` : ''} ${patternProblemWords[problem]}`,
        };
      }
    }
    return { ok: true, contentJson: JSON.stringify(content), contentHtml: renderDocumentHtml(content) };
  } catch (error) {
    if (error instanceof InvalidContentError) {
      return { ok: false, tooLarge: error instanceof ContentTooLargeError, message: error.message };
    }
    throw error;
  }
}
