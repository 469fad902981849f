import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { isEditable } from '../../../shared/statuses';
import type { ServiceContext } from '../../context';
import { contracts } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { withdrawApprovals } from '../approvals/withdraw-approvals';
import { reanchorThreads } from '../comments/reanchor-threads';
import { prepareContent } from '../contracts/contract-content';
import { appendHistory } from '../history/append-history';
import { authorOf } from '../history/author-of';
import { checkRevision } from './check-revision';
import { findVersion } from './find-version';
import { recordVersion } from './record-version';

/**
 * Brings an older version's title and content back into a draft, as a new version: nothing in
 * between is lost, and the history says which version came back.
 */
export async function restoreVersion(
  ctx: ServiceContext,
  contractId: string,
  number: number,
  baseRevision: number | undefined,
): Promise<void> {
  const { db, actor } = ctx;
  const found = await findOwnContract(db, actor, contractId);
  const version = await findVersion(db, found.id, number);
  // Checked again as any save is: the schema may have grown stricter since the version was made.
  const prepared = await prepareContent(version.content);
  await db.transaction(async (tx) => {
    const row = await findOwnContract(tx, actor, contractId, { forUpdate: true });
    if (!isEditable(row.status)) {
      throw new AppError(
        'CONTRACT_NOT_EDITABLE',
        `This contract is ${row.status} and can no longer be edited`,
      );
    }
    await checkRevision(tx, row, baseRevision);
    const now = new Date();
    await tx
      .update(contracts)
      .set({ title: version.title, ...prepared, revision: row.revision + 1, updatedAt: now })
      .where(eq(contracts.id, row.id));
    await reanchorThreads(tx, row.id, row.content, prepared.content, now);
    const author = authorOf(actor);
    const restored = await recordVersion(tx, {
      contractId: row.id,
      kind: 'restored',
      author: { id: actor.userId, name: author.userName },
      at: now,
      restoredFrom: version.number,
    });
    await appendHistory(tx, {
      contractId: row.id,
      action: 'version_restored',
      details: `Version ${version.number} restored as version ${restored.number}`,
      author,
      at: now,
    });
    await withdrawApprovals(tx, {
      contract: row,
      author,
      why: `version ${version.number} was restored`,
      at: now,
    });
  });
}
