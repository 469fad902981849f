import { and, eq, sql } from 'drizzle-orm';
import type { RemoveSignerInput } from '../../../shared/api/contracts';
import { AppError } from '../../../shared/errors';
import { roleOf } from '../../../shared/recipients';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { contractFields, signers } from '../../db/schema';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { advanceRoute } from '../signing/advance-route';
import { recipientFacts } from '../signing/find-signer';
import { toNameBy } from '../signing/name-recipients';
import { signerNumbered } from '../signing/signer-numbers';
import { assertNotActed, hasActed, lockContractOut, recipientIn } from './recipients-while-out';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The sender removes a recipient who has not acted from a contract that is out. The frozen
 * document stays as it is: the fields of their number go to another recipient who fills fields
 * (`reassignFieldsTo`), or the removal is refused saying how many there are. Their entry goes
 * (their links with it, at once); the history keeps who they were, and their number is not used
 * again (next-recipient-number.ts). When the group waited only for them, the route moves on.
 */
export async function removeSigner(
  ctx: ServiceContext,
  contractId: string,
  signerId: string,
  input: RemoveSignerInput,
): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const { contract, all } = await lockContractOut(tx, actor, contractId);
    const signer = recipientIn(all, signerId);
    assertNotActed(signer, 'removed');
    const label = signer.name || `recipient ${signer.position}`;
    const live = all.filter((other) => other.status !== 'delegated' && other.id !== signer.id);
    if (signer.role === 'signer' && !live.some((other) => other.role === 'signer')) {
      throw new AppError('INVALID_INPUT', `${label} is the last signer: cancel the contract instead`);
    }
    const witness = live.find((other) => other.role === 'witness' && other.witnessOf === signer.position);
    if (witness && signer.role === 'signer') {
      throw new AppError(
        'INVALID_INPUT',
        `${witness.name || 'A witness'} witnesses ${label}: remove the witness first`,
      );
    }
    const toName = toNameBy(all, signer);
    if (toName.length > 0) {
      throw new AppError(
        'INVALID_INPUT',
        `${label} is to name ${plural(toName.length, 'later recipient')}: correct them or name that recipient another way before removing them`,
      );
    }
    const fields = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(contractFields)
      .where(and(eq(contractFields.contractId, contract.id), eq(contractFields.signer, signer.position)));
    const fieldCount = fields[0]?.count ?? 0;
    let reassignedTo: number | null = null;
    if (fieldCount > 0) {
      if (input.reassignFieldsTo === undefined) {
        throw new AppError(
          'INVALID_INPUT',
          `${label} has ${plural(fieldCount, 'field')} to fill: reassign them to another recipient (reassignFieldsTo: their number) to remove ${label}`,
          'reassignFieldsTo',
        );
      }
      const target = signerNumbered(live, input.reassignFieldsTo);
      if (!target || !roleOf(target.role).mayHaveFields || hasActed(target)) {
        throw new AppError(
          'INVALID_INPUT',
          `Recipient ${input.reassignFieldsTo} cannot take ${label}'s fields: choose a signer, approver or witness who has not acted yet`,
          'reassignFieldsTo',
        );
      }
      await tx
        .update(contractFields)
        .set({ signer: target.position })
        .where(and(eq(contractFields.contractId, contract.id), eq(contractFields.signer, signer.position)));
      reassignedTo = target.position;
    }
    await tx.delete(signers).where(eq(signers.id, signer.id));
    const now = clock.now();
    const author = authorOf(actor);
    const who = { ...signer, email: signer.email ?? '' };
    await transition(tx, {
      contract,
      step: 'signer.removed',
      facts: {
        ...recipientFacts(who),
        number: String(signer.position),
        fieldsReassignedTo: reassignedTo === null ? null : String(reassignedTo),
        wasInvited: signer.invitedAt !== null,
      },
      author,
      at: now,
    });
    await advanceRoute(tx, { contract, who, author, at: now });
  });
}
