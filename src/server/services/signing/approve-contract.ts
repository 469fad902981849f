import { eq } from 'drizzle-orm';
import type { ApproveInput } from '../../../shared/api/signing';
import { consentDisclosure } from '../../../shared/consent';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { SignerContext } from '../../context';
import { signers } from '../../db/schema';
import { listSignerFields } from '../custom-fields/list-custom-fields';
import { transition } from '../lifecycle/transition';
import { advanceRoute } from './advance-route';
import { assertMayAct } from './closed-message';
import { judgeFieldsOf, storeFilledFields } from './filled-fields';
import { findSignerWithContract, recipientFacts, signerAuthor } from './find-signer';
import { checkNamed, storeNamed } from './name-recipients';
import { countSignAttempt } from './sign-attempts';
import { consentHash, lastOneLeftHasOpened } from './sign-contract';
import { checkSignerDetails } from './signer-details';
import { signingStateOf } from './signing-state';

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
  if (input.consentVersion !== consentDisclosure.version) {
    throw new AppError('INVALID_INPUT', 'The disclosure has changed: read it again and accept it', 'consent');
  }
  await countSignAttempt(db, signerId);
  const before = await findSignerWithContract(db, signerId, { link: linkId });
  assertMayAct(before);
  if (before.signer.role !== 'approver') {
    throw new AppError('INVALID_INPUT', 'Only an approver approves: sign the document instead');
  }
  checkNamed(before.signers, before.signer, input.named ?? []);
  const fields = checkSignerDetails(
    await listSignerFields(db, before.contract.organizationId),
    input.fields ?? {},
    before.signer.email,
  );
  const now = clock.now();
  const judged = await judgeFieldsOf(ctx, before.contract.id, before.signers, before.signer, {
    placed: input.placed ?? {},
    initials: null,
    fullName: fields.fullName ?? before.signer.name,
    email: before.signer.email,
    at: now,
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
        status: 'approved',
        approvedAt: now,
        viewedAt: signer.viewedAt ?? now,
        fieldValues: fields,
        consentVersion: consentDisclosure.version,
        consentHash,
        signedIp: origin.ip,
        signedUserAgent: origin.userAgent,
      })
      .where(eq(signers.id, signer.id));
    const author = signerAuthor(signer, origin);
    await storeNamed(tx, { contract, namer: signer, all, named: input.named ?? [], author, at: now });
    await transition(tx, {
      contract,
      step: 'contract.approved',
      facts: { ...recipientFacts(signer), consentVersion: consentDisclosure.version, consentHash, filled },
      author,
      at: now,
    });
    const { complete } = await advanceRoute(tx, { contract, who: signer, author, at: now });
    return { lastSignerHasOpened: !complete && lastOneLeftHasOpened(all, signer.id) };
  });
}
