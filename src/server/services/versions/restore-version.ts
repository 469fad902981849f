import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { reviseDraft } from '../lifecycle/revise-draft';
import { findVersion } from './find-version';

/**
 * Brings an older version's title and content back into a draft, as a new version: nothing in
 * between is lost, and the history says which version came back.
 */
export async function restoreVersion(
  ctx: ServiceContext<'content'>,
  contractId: string,
  number: number,
  baseRevision: number | undefined,
): Promise<void> {
  const { db, actor } = ctx;
  const found = await findOwnContract(db, actor, contractId, { content: false });
  const version = await findVersion(db, found.id, number);
  // Checked again as any save is: the schema may have grown stricter since the version was made.
  const prepared = await ctx.content.prepare(version.content);
  await db.transaction(async (tx) => {
    const row = await findOwnContract(tx, actor, contractId, { forUpdate: true, content: false });
    await reviseDraft(tx, {
      contract: row,
      baseRevision,
      title: version.title,
      content: prepared,
      version: { kind: 'restored', restoredFrom: version.number, evenIfUnchanged: true },
      why: `version ${version.number} was restored`,
      author: authorOf(actor),
      at: new Date(),
      step: (restoredAs) => ({
        step: 'contract.restored',
        facts: { version: String(version.number), restoredAs: restoredAs ?? version.number },
      }),
    });
  });
}
