import { eq } from 'drizzle-orm';
import type { DocumentsChanged } from '../../../shared/api/contract-files';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { contractFiles } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { reviseDraft } from '../lifecycle/revise-draft';
import { contractFileRows } from './contract-file-rows';

/** Removes a PDF from a draft (or a template): a new revision, recorded, approvals withdrawn. */
export async function removePdf(
  ctx: ServiceContext,
  contractId: string,
  fileId: string,
  baseRevision?: number,
): Promise<DocumentsChanged> {
  const { db, actor } = ctx;
  // Only the row goes: its bytes may be another row's too (the sweep removes unnamed files).
  return db.transaction(async (tx) => {
    const row = await findOwnContract(tx, actor, contractId, {
      kind: 'either',
      forUpdate: true,
      content: false,
    });
    const file = (await contractFileRows(tx, contractId)).find((candidate) => candidate.id === fileId);
    if (!file) throw new AppError('NOT_FOUND', 'That PDF is not one of this contract’s');
    await reviseDraft(tx, {
      contract: row,
      baseRevision,
      version: { kind: 'edited', editSession: null },
      why: `the PDF “${file.name}” was removed`,
      documentsChanged: true,
      author: authorOf(actor),
      at: new Date(),
      step: () => ({
        step: 'contract.file_removed',
        facts: { fileId: file.id, name: file.name, sha256: file.sha256 },
      }),
    });
    await tx.delete(contractFiles).where(eq(contractFiles.id, file.id));
    return { revision: row.revision + 1 };
  });
}
