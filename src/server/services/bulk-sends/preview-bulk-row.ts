import { and, eq } from 'drizzle-orm';
import {
  titleWithMergeValues,
  unfilledMergeFields,
  withMergeValues,
} from '../../../editor/merge-field-values';
import { renumberTextFields } from '../../../editor/signing-field-values';
import { rowInput } from '../../../shared/bulk/row-input';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { bulkSendRows } from '../../db/schema';
import { findOwnBulkSend, findOwnContract } from '../../policies/scope';
import { copyRecipients } from '../contracts/copy-recipients';
import { freezeDraft } from '../contracts/freeze-draft';
import { problemsOf, sheetOf } from './batch-rows';
import { templateOfBatch } from './get-bulk-send';

/**
 * A row's contract as it will be sent: the template's text with the row's values, frozen to the
 * PDF its signers will read (the same rendering as sending, with the id the contract will have),
 * stored nowhere. Refused while the row, or the mapping, has a problem.
 */
export async function previewBulkRow(
  ctx: ServiceContext<'pdf' | 'files'>,
  id: string,
  rowNumber: number,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { db, actor } = ctx;
  const batch = await findOwnBulkSend(db, actor, id);
  const [row] = await db
    .select()
    .from(bulkSendRows)
    .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.row, rowNumber)));
  if (!row) throw new AppError('NOT_FOUND', `This bulk send has no row ${rowNumber}`);
  if (!batch.templateId)
    throw new AppError('BULK_SEND_HAS_PROBLEMS', 'The template of this bulk send was deleted');
  const problem = problemsOf(batch, await sheetOf(db, batch), await templateOfBatch(db, actor, batch)).find(
    (entry) => entry.row === null || entry.row === rowNumber,
  );
  if (problem) throw new AppError('BULK_SEND_HAS_PROBLEMS', `Fix this first: ${problem.message}`);
  const template = await findOwnContract(db, actor, batch.templateId, { kind: 'template' });
  const { numberOf } = await copyRecipients(db, template.id);
  const values = new Map(Object.entries(rowInput(batch.mapping, row.cells).values));
  const title = titleWithMergeValues(template.title, unfilledMergeFields(template.content), values);
  const { frozen } = await freezeDraft(
    ctx,
    {
      id: template.id,
      textPosition: template.textPosition,
      title,
      content: renumberTextFields(withMergeValues(template.content, values), numberOf),
    },
    { reference: row.id, sentAt: clock.now() },
  );
  return {
    bytes: frozen.bytes,
    fileName: `${title.replace(/[\p{Cc}\\/:*?"<>|]+/gu, ' ').slice(0, 100)} (preview).pdf`,
  };
}
