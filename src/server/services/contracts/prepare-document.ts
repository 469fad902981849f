import { ContentTooLargeError, InvalidContentError, normalizeDocument } from '../../../editor/content';
import { renderDocumentHtml } from '../../../editor/html';
import { signingFieldsInText } from '../../../editor/signing-field-values';
import type { EditorDocument } from '../../../shared/api/editor-document';
import { isPattern } from '../contract-files/check-fields';

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
    const badPattern = signingFieldsInText(content).find(
      (field) => field.options?.pattern !== undefined && !isPattern(field.options.pattern),
    );
    if (badPattern) {
      return {
        ok: false,
        tooLarge: false,
        message: `The pattern of the text field${badPattern.label ? ` “${badPattern.label}”` : ''} is not a regular expression (RE2 syntax: no look-arounds or back-references)`,
      };
    }
    return { ok: true, contentJson: JSON.stringify(content), contentHtml: renderDocumentHtml(content) };
  } catch (error) {
    if (error instanceof InvalidContentError) {
      return { ok: false, tooLarge: error instanceof ContentTooLargeError, message: error.message };
    }
    throw error;
  }
}
