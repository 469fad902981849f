import type { UpdateContractInput } from '../../../shared/api/contracts';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { projectMoveRefusal } from '../approvals/project-move';
import { authorOf } from '../history/author-of';
import { checkRevisable, reviseDraft } from '../lifecycle/revise-draft';
import { resolveProjectId } from '../projects/default-project';
import { hashAccessCodes } from './hash-access-codes';
import { replaceSigners } from './replace-signers';

/** Merges the given fields into a draft, and records 'updated' in its history. */
export async function updateContract(
  ctx: ServiceContext<'content'>,
  id: string,
  input: UpdateContractInput,
): Promise<void> {
  const { db, actor } = ctx;
  const { baseRevision, editSession, ...changes } = input;
  if (Object.values(changes).every((value) => value === undefined)) {
    // Nothing to merge: still the caller's to see (404 for a foreign id), but no change and no history.
    await findOwnContract(db, actor, id, { content: false });
    return;
  }
  const prepared = input.content === undefined ? undefined : await ctx.content.prepare(input.content);
  // Hashed before the transaction opens: argon2 inside it would hold the database meanwhile.
  const signerList = input.signers ? await hashAccessCodes(input.signers) : undefined;
  await db.transaction(async (tx) => {
    const row = await findOwnContract(tx, actor, id, { forUpdate: true, content: false });
    await checkRevisable(tx, row, baseRevision);
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
    const set = {
      ...(projectId === undefined ? {} : { projectId }),
      ...(input.expiresAt === undefined
        ? {}
        : { expiresAt: input.expiresAt ? new Date(input.expiresAt) : null }),
      ...(input.delegation === undefined ? {} : { delegation: input.delegation }),
    };
    const changed = [
      ...(input.title === undefined ? [] : ['title']),
      ...(prepared === undefined ? [] : ['content']),
      ...(signerList === undefined ? [] : ['signers']),
      ...(projectId === undefined ? [] : ['project']),
      ...(input.expiresAt === undefined ? [] : ['expiry']),
      ...(input.delegation === undefined ? [] : ['delegation']),
    ];
    await reviseDraft(tx, {
      contract: row,
      baseRevision,
      ...(input.title === undefined ? {} : { title: input.title }),
      ...(prepared === undefined ? {} : { content: prepared }),
      set,
      // The document changed: this editing session's version (made now, or brought up to date).
      version: { kind: 'edited', editSession: editSession ?? null },
      why: 'the title or content was edited',
      author: authorOf(actor),
      at: now,
      step: () => ({ step: 'contract.updated', facts: { changed: changed.join(',') } }),
    });
    if (signerList) await replaceSigners(tx, row.id, signerList, now);
  });
}
