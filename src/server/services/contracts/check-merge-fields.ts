import { listOfNames, unfilledMergeFields } from '../../../editor/merge-field-values';
import type { EditorDocument } from '../../../shared/api/editor-document';
import { AppError } from '../../../shared/errors';

/**
 * A contract goes out only with every merge field filled in: the signers must never see a
 * '[Client name]' marker. The message names the empty fields, in document order.
 */
export function checkMergeFieldsFilled(content: EditorDocument): void {
  const empty = unfilledMergeFields(content);
  if (empty.length === 0) return;
  throw new AppError(
    'INVALID_INPUT',
    `Fill in ${listOfNames(empty.map((field) => field.label))} before sending`,
    'content',
  );
}
