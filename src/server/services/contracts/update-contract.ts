import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import type { UpdateContractInput } from '../../../shared/api/contracts';
import { AppError } from '../../../shared/errors';
import { isEditable } from '../../../shared/statuses';
import type { ServiceContext } from '../../context';
import { contracts } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { projectMoveRefusal } from '../approvals/project-move';
import { withdrawApprovals } from '../approvals/withdraw-approvals';
import { reanchorThreads } from '../comments/reanchor-threads';
import { appendHistory } from '../history/append-history';
import { authorOf } from '../history/author-of';
import { resolveProjectId } from '../projects/default-project';
import { checkRevision } from '../versions/check-revision';
import { recordVersion } from '../versions/record-version';
import { prepareContent } from './contract-content';
import { hashAccessCodes } from './hash-access-codes';
import { replaceSigners } from './replace-signers';

/** Merges the given fields into a draft, and records 'updated' in its history. */
export async function updateContract(
  ctx: ServiceContext,
  id: string,
  input: UpdateContractInput,
): Promise<void> {
  const { db, actor } = ctx;
  const { baseRevision, editSession, ...changes } = input;
  if (Object.values(changes).every((value) => value === undefined)) {
    // Nothing to merge: still the caller's to see (404 for a foreign id), but no change and no history.
    await findOwnContract(db, actor, id);
    return;
  }
  const prepared = input.content === undefined ? undefined : await prepareContent(input.content);
  // Hashed before the transaction opens: argon2 inside it would hold the database meanwhile.
  const signerList = input.signers ? await hashAccessCodes(input.signers) : undefined;
  await db.transaction(async (tx) => {
    const row = await findOwnContract(tx, actor, id, { forUpdate: true });
    if (!isEditable(row.status)) {
      throw new AppError(
        'CONTRACT_NOT_EDITABLE',
        `This contract is ${row.status} and can no longer be edited`,
      );
    }
    await checkRevision(tx, row, baseRevision);
    const now = new Date();
    const projectId =
      input.projectId === undefined || row.isTemplate
        ? undefined
        : await resolveProjectId(tx, actor, input.projectId);
    if (projectId !== undefined && projectId !== row.projectId) {
      // Moving it must not lift its project's approval rule.
      const refusal = await projectMoveRefusal(tx, actor, row);
      if (refusal) {
        throw new AppError(
          'FORBIDDEN',
          `${refusal.message} Nothing was saved: choose “${refusal.projectName}” again to save your other changes.`,
          'projectId',
        );
      }
    }
    await tx
      .update(contracts)
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(prepared ?? {}),
        ...(projectId === undefined ? {} : { projectId }),
        ...(input.expiresAt === undefined
          ? {}
          : { expiresAt: input.expiresAt ? new Date(input.expiresAt) : null }),
        revision: row.revision + 1,
        updatedAt: now,
      })
      .where(eq(contracts.id, row.id));
    if (signerList) await replaceSigners(tx, row.id, signerList, now);
    const author = authorOf(actor);
    // The document changed: this editing session's version (made now, or brought up to date).
    const title = input.title ?? row.title;
    const content = prepared?.content ?? row.content;
    const contentChanged = prepared !== undefined && !isDeepStrictEqual(content, row.content);
    // Comment threads follow their passages (or say they were deleted).
    if (contentChanged) await reanchorThreads(tx, row.id, row.content, content, now);
    if (title !== row.title || contentChanged) {
      await recordVersion(tx, {
        contractId: row.id,
        kind: 'edited',
        author: { id: actor.userId, name: author.userName },
        at: now,
        editSession: editSession ?? null,
      });
    }
    await appendHistory(tx, {
      contractId: row.id,
      action: 'updated',
      details: 'Contract updated',
      author,
      at: now,
    });
    // Approvals were given for the text as it was: a new title or content withdraws them.
    if (title !== row.title || contentChanged) {
      await withdrawApprovals(tx, { contract: row, author, why: 'the title or content was edited', at: now });
    }
  });
}
