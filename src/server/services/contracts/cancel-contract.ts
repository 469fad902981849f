import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';

/** Voids a sent contract: its links stop working, and every signer who was invited is told why. */
export async function cancelContract(ctx: ServiceContext, id: string, reason: string): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const contract = await findOwnContract(tx, actor, id, {
      kind: 'contract',
      forUpdate: true,
      content: false,
    });
    await transition(tx, {
      contract,
      step: 'contract.canceled',
      facts: { reason },
      author: authorOf(actor),
      at: new Date(),
    });
  });
}
