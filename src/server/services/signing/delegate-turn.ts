import { eq } from 'drizzle-orm';
import type { DelegateInput, Delegation } from '../../../shared/api/signing';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { SignerContext } from '../../context';
import { organizations, signers } from '../../db/schema';
import { contractOwner } from '../contracts/contract-owner';
import { transition } from '../lifecycle/transition';
import { consumeDelegation, countDelegationTry } from '../rate-limits/delegation-limits';
import { assertReady } from './closed-message';
import { delegationRefusal, delegationRuleOf } from './delegation-rule';
import { findSignerWithContract, recipientFacts, signerAuthor } from './find-signer';
import { signingStateOf } from './signing-state';

/**
 * A signer or approver whose turn it is hands it to someone else, with a reason, when the
 * contract's rule allows it (delegation-rule.ts). Under the contract's lock: their entry becomes
 * the route's history (status 'delegated', when and why), and the delegate's entry takes their
 * number, role, group and witness, so the fields of that number, a witness of it and the later
 * recipients it names are the delegate's with nothing moved. The delegate is invited now by the
 * step's mail-signers consumer; the old links then show only that the turn was handed on.
 *
 * Every try is counted first, outside the transaction (delegation-limits.ts).
 *
 * An access code is never handed on (it was shared out of band with the person it was given to):
 * a delegate of a recipient who had one, or an e-mailed code, is asked for an e-mailed code.
 */
export async function delegateTurn(ctx: SignerContext, input: DelegateInput): Promise<Delegation> {
  const { db, signerId, linkId, origin } = ctx;
  await countDelegationTry(db, signerId);
  return db.transaction(async (tx) => {
    const {
      signer,
      contract,
      signers: all,
    } = await findSignerWithContract(tx, signerId, { lock: true, link: linkId });
    assertReady(signingStateOf({ contract, signer, signers: all }));
    const [organization] = await tx
      .select({ delegation: organizations.delegation })
      .from(organizations)
      .where(eq(organizations.id, contract.organizationId));
    const refusal = delegationRefusal(
      delegationRuleOf(contract, organization ?? { delegation: 'off' }),
      signer,
    );
    if (refusal) throw new AppError('FORBIDDEN', refusal);
    const email = input.email;
    if (email === signer.email) {
      throw new AppError('INVALID_INPUT', 'That is your own address: hand it to someone else', 'email');
    }
    const sender = await contractOwner(tx, contract.createdBy);
    if (sender && sender.email.toLowerCase() === email) {
      throw new AppError(
        'INVALID_INPUT',
        `${email} is the sender's address: hand it to someone who is to act in your place`,
        'email',
      );
    }
    if (all.some((other) => other.email?.toLowerCase() === email)) {
      throw new AppError('INVALID_INPUT', `${email} is already on this contract: name someone else`, 'email');
    }
    const now = clock.now();
    await consumeDelegation(tx, contract, now);
    // One entry per number and hand-over time: a hand-over of a hand-over in the same millisecond
    // takes the next one.
    const previous = all
      .filter((other) => other.position === signer.position && other.delegatedAt !== null)
      .map((other) => other.delegatedAt?.getTime() ?? 0);
    const at = new Date(Math.max(now.getTime(), ...previous.map((time) => time + 1)));
    await tx
      .update(signers)
      .set({ status: 'delegated', delegatedAt: at, delegationReason: input.reason })
      .where(eq(signers.id, signer.id));
    const emailCodeRequired = signer.requireEmailCode || signer.accessCodeHash !== null;
    const [delegate] = await tx
      .insert(signers)
      .values({
        contractId: contract.id,
        name: input.name,
        email,
        role: signer.role,
        signingOrder: signer.signingOrder,
        position: signer.position,
        witnessOf: signer.witnessOf,
        requireEmailCode: emailCodeRequired,
        delegatedFrom: signer.id,
        invitedAt: now,
        createdAt: now,
      })
      .returning({ id: signers.id });
    if (!delegate) throw new Error('The delegate was not stored');
    await transition(tx, {
      contract,
      step: 'signer.delegated',
      facts: {
        ...recipientFacts(signer),
        delegateId: delegate.id,
        delegateName: input.name,
        delegateEmail: email,
        reason: input.reason,
      },
      author: signerAuthor(signer, origin),
      at: now,
    });
    return { delegateId: delegate.id, name: input.name, email, emailCodeRequired };
  });
}
