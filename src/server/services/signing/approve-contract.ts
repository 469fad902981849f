import { eq } from 'drizzle-orm';
import type { ApproveInput } from '../../../shared/api/signing';
import { approvalConsentDisclosure } from '../../../shared/consent';
import type { SignerContext } from '../../context';
import { signers } from '../../db/schema';
import { transition } from '../lifecycle/transition';
import { advanceRoute } from './advance-route';
import { assertMayAct } from './closed-message';
import { storeFilledFields } from './filled-fields';
import { findSignerWithContract, recipientFacts, signerAuthor } from './find-signer';
import {
  acceptAttempt,
  actionEvidence,
  consentHashOf,
  judgeAction,
  lastOneLeftHasOpened,
} from './judge-action';
import { storeNamed } from './name-recipients';

/**
 * An approver approves, in their turn: the disclosure accepted, their fields filled (checked as
 * a signer's are, before the transaction), the later recipients left to them named. Then the
 * route moves on as after a signature (advance-route.ts). To reject is to decline (decline-contract.ts).
 */
export async function approveContract(
  ctx: SignerContext<'content'>,
  input: ApproveInput,
): Promise<{ lastSignerHasOpened: boolean }> {
  const { db, signerId, linkId, origin } = ctx;
  await acceptAttempt(ctx, input.consentVersion, approvalConsentDisclosure);
  const { fields, judged, now } = await judgeAction(ctx, input, {
    refusal: (role) => (role === 'approver' ? null : 'Only an approver approves: sign the document instead'),
    initials: null,
    pictures: [],
  });
  return db.transaction(async (tx) => {
    const {
      signer,
      contract,
      signers: all,
    } = await findSignerWithContract(tx, signerId, { lock: true, link: linkId });
    assertMayAct({ contract, signer, signers: all });
    const { filled } = await storeFilledFields(tx, contract.id, judged, now);
    await tx
      .update(signers)
      .set({
        ...actionEvidence(signer, { fields, now, origin, disclosure: approvalConsentDisclosure }),
        status: 'approved',
        approvedAt: now,
      })
      .where(eq(signers.id, signer.id));
    const author = signerAuthor(signer, origin);
    await storeNamed(tx, { contract, namer: signer, all, named: input.named ?? [], author, at: now });
    await transition(tx, {
      contract,
      step: 'contract.approved',
      facts: {
        ...recipientFacts(signer),
        consentVersion: approvalConsentDisclosure.version,
        consentHash: consentHashOf(approvalConsentDisclosure),
        filled,
      },
      author,
      at: now,
    });
    const { complete } = await advanceRoute(tx, { contract, who: signer, author, at: now });
    return { lastSignerHasOpened: !complete && lastOneLeftHasOpened(all, signer.id) };
  });
}
