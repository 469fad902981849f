import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { contractHeadColumns, contracts, signers } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import type { HistoryAuthor } from '../lifecycle/append-history';
import { transition } from '../lifecycle/transition';
import { consumeOutgoingMail } from '../rate-limits/outgoing-mail-limits';
import { isNamed, recipientFacts } from '../signing/find-signer';
import { maxAuthFailures, restartSignerTries } from '../signing/signer-authentication';
import { signingStateOf } from '../signing/signing-state';

/**
 * Queues a reminder (with a fresh link) to a signer who may sign now but has not. Used by the
 * sender's 'Remind' and by the automatic reminders; both leave a history entry.
 */
export async function queueReminder(
  tx: Database,
  input: { contractId: string; signerId: string; author: HistoryAuthor; automatic: boolean; now: Date },
): Promise<void> {
  const [contract] = await tx
    .select(contractHeadColumns)
    .from(contracts)
    .where(eq(contracts.id, input.contractId));
  if (!contract) throw new AppError('NOT_FOUND', 'Contract not found');
  const all = await tx.select().from(signers).where(eq(signers.contractId, contract.id));
  const signer = all.find((candidate) => candidate.id === input.signerId);
  if (!signer || !isNamed(signer)) throw new AppError('NOT_FOUND', 'Signer not found');
  if (signer.delivery === 'embedded') {
    throw new AppError(
      'INVALID_INPUT',
      `${signer.name} signs in your own app, which shows them the signing page: there is no e-mail to remind them with`,
    );
  }
  if (signingStateOf({ contract, signer, signers: all, now: input.now }) !== 'ready') {
    throw new AppError(
      'SIGNING_CLOSED',
      `${signer.name} cannot sign this contract now, so there is nothing to remind`,
    );
  }
  // The sender's own reminder is how a signer locked out by wrong codes gets to try again; an
  // automatic one is not, or whoever is guessing would get new tries on a timer. The new tries
  // go with the reminder's own link only: the earlier links, one of which the guesser may hold,
  // stop working (the reminder's link is made when it is delivered, after this).
  const unlock = !input.automatic && signer.authFailures > 0;
  await tx.update(signers).set({ lastRemindedAt: input.now }).where(eq(signers.id, signer.id));
  if (unlock) await restartSignerTries(tx, signer.id);
  // The step's mail is the reminder itself (lifecycle/steps.ts).
  await transition(tx, {
    contract,
    step: 'signer.reminded',
    facts: {
      ...recipientFacts(signer),
      automatic: input.automatic ? 'true' : 'false',
      retiredLinks: unlock,
      wasLocked: signer.authFailures >= maxAuthFailures,
    },
    author: input.author,
    at: input.now,
  });
}

/** The sender's 'Remind' for one signer. */
export async function remindSigner(ctx: ServiceContext, contractId: string, signerId: string): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    await findOwnContract(tx, actor, contractId, { kind: 'contract', forUpdate: true, content: false });
    const [signer] = await tx
      .select({ id: signers.id })
      .from(signers)
      .where(and(eq(signers.id, signerId), eq(signers.contractId, contractId)));
    if (!signer) throw new AppError('NOT_FOUND', 'Signer not found');
    await consumeOutgoingMail(tx, actor.organizationId, 'signingRecipients', 1);
    await queueReminder(tx, {
      contractId,
      signerId,
      author: authorOf(actor),
      automatic: false,
      now: clock.now(),
    });
  });
}
