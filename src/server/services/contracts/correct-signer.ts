import { eq } from 'drizzle-orm';
import type { CorrectSignerInput } from '../../../shared/api/contracts';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { signers } from '../../db/schema';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { consumeOutgoingMail } from '../rate-limits/outgoing-mail-limits';
import { advanceRoute } from '../signing/advance-route';
import { recipientFacts } from '../signing/find-signer';
import { restartSignerTries } from '../signing/signer-authentication';
import { assertNewAddress, assertNotActed, lockContractOut, recipientIn } from './recipients-while-out';

/**
 * The sender corrects a pending recipient's name or address while the contract is out, without
 * canceling it. Under the contract's lock: every link they were sent stops working at once (a
 * mistyped address may be someone else's inbox), their wrong-code count and any e-mailed code are
 * dropped, and a recipient already invited is invited again (a new invitedAt: the invitation's
 * key, so the step's mail-signers consumer mails the corrected address). Someone who acted is
 * past correcting. One left to be named by an earlier recipient is named by the sender this way
 * (name and address both), which their namer then no longer does.
 */
export async function correctSigner(
  ctx: ServiceContext,
  contractId: string,
  signerId: string,
  input: CorrectSignerInput,
): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const { contract, all } = await lockContractOut(tx, actor, contractId);
    const signer = recipientIn(all, signerId);
    assertNotActed(signer, 'corrected');
    // One left to be named by an earlier recipient is named by the sender instead: a person now,
    // whom their namer no longer names, invited when their group comes.
    const naming = signer.email === null;
    if (naming && (input.email === undefined || input.name === undefined)) {
      throw new AppError(
        'INVALID_INPUT',
        `${signer.name || 'This recipient'} is still to be named by an earlier recipient: to name them yourself, give both their name and e-mail address`,
        input.email === undefined ? 'email' : 'name',
      );
    }
    const name = input.name ?? signer.name;
    const email = input.email ?? (signer.email as string);
    if (name === signer.name && email === signer.email) {
      throw new AppError('INVALID_INPUT', 'That is the name and address they have: nothing to correct');
    }
    if (email !== signer.email) assertNewAddress(all, email, signer.id);
    const now = clock.now();
    const invitedAt = signer.invitedAt === null ? null : now;
    // The person named is mailed when their group comes: counted now, as an added recipient is.
    if (invitedAt || naming) await consumeOutgoingMail(tx, actor.organizationId, 'signingRecipients', 1, now);
    const personChanged = email !== signer.email;
    await tx
      .update(signers)
      .set({
        name,
        email,
        invitedAt,
        ...(naming ? { namedBy: null } : {}),
        lastRemindedAt: null,
        // Someone else's opening is not theirs.
        ...(personChanged && signer.status === 'viewed'
          ? { status: 'pending' as const, viewedAt: null }
          : {}),
      })
      .where(eq(signers.id, signer.id));
    await restartSignerTries(tx, signer.id);
    await transition(tx, {
      contract,
      step: 'signer.corrected',
      facts: {
        ...recipientFacts({ ...signer, name, email }),
        previousName: signer.name,
        previousEmail: signer.email,
      },
      author: authorOf(actor),
      at: now,
    });
    if (naming) {
      const who = { ...signer, name, email };
      await advanceRoute(tx, { contract, who, author: authorOf(actor), at: now });
    }
  });
}
