import { eq } from 'drizzle-orm';
import type { DocumentsChanged } from '../../../shared/api/contract-files';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { contractFiles } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { reviseDraft } from '../lifecycle/revise-draft';
import { contractFileRows } from './contract-file-rows';
import { forgetFiles } from './forget-files';

/** Removes a PDF from a draft (or a template): a new revision, recorded, approvals withdrawn. */
export async function removePdf(
  ctx: ServiceContext<'files'>,
  contractId: string,
  fileId: string,
  baseRevision?: number,
): Promise<DocumentsChanged> {
  const { db, actor } = ctx;
  const removed = await db.transaction(async (tx) => {
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
    return { sha256: file.sha256, revision: row.revision + 1 };
  });
  await forgetFiles(db, ctx.files, [removed.sha256]);
  return { revision: removed.revision };
}
