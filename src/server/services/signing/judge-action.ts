import { createHash } from 'node:crypto';
import type { ApproveInput } from '../../../shared/api/signing';
import type { Disclosure } from '../../../shared/consent';
import { AppError } from '../../../shared/errors';
import { isDone, type RecipientRole, roleOf } from '../../../shared/recipients';
import * as clock from '../../clock';
import type { SignerContext } from '../../context';
import type { SignerRow } from '../../db/schema';
import { listSignerFields } from '../custom-fields/list-custom-fields';
import { assertMayAct } from './closed-message';
import { judgeFieldsOf } from './filled-fields';
import { findSignerWithContract, type NamedSigner } from './find-signer';
import { checkNamed, senderEmailOf } from './name-recipients';
import { countSignAttempt } from './sign-attempts';
import { checkSignerDetails } from './signer-details';
import type { SigningPicture } from './signing-pictures';

/** The SHA-256 of a disclosure's exact text, recorded with the version accepted. */
export const consentHashOf = (disclosure: Disclosure) =>
  createHash('sha256').update(disclosure.text).digest('hex');

/** The disclosure accepted, and the try counted (sign-attempts.ts): first, before anything is read. */
export async function acceptAttempt(
  ctx: SignerContext,
  consentVersion: string,
  disclosure: Disclosure,
): Promise<void> {
  if (consentVersion !== disclosure.version) {
    throw new AppError('INVALID_INPUT', 'The disclosure has changed: read it again and accept it', 'consent');
  }
  await countSignAttempt(ctx.db, ctx.signerId);
}

/**
 * What a signature and an approval check before their transaction: the recipient may act now and
 * in this role, names the later recipients left to them, gives the organization's details, and
 * fills their fields (judged in the content thread with `pictures`, so that work never holds the
 * contract's lock, nor, on the embedded database, its one connection). Reads only; a sent
 * contract's fields do not change, and the turn is checked again under the lock.
 */
export async function judgeAction(
  ctx: SignerContext<'content'>,
  input: Omit<ApproveInput, 'consentVersion'>,
  options: {
    /** Why this recipient's role may not take this action; null when it may. */
    refusal: (role: RecipientRole) => string | null;
    initials: string | null;
    pictures: SigningPicture[];
  },
) {
  const before = await findSignerWithContract(ctx.db, ctx.signerId, { link: ctx.linkId });
  assertMayAct(before);
  const refusal = options.refusal(before.signer.role);
  if (refusal) throw new AppError('INVALID_INPUT', refusal);
  const named = input.named ?? [];
  checkNamed(
    before.signers,
    before.signer,
    named,
    named.length > 0 ? await senderEmailOf(ctx.db, before.contract) : null,
  );
  const fields = checkSignerDetails(
    await listSignerFields(ctx.db, before.contract.organizationId),
    input.fields ?? {},
    before.signer.email,
  );
  const now = clock.now();
  const judged = await judgeFieldsOf(ctx, before.contract.id, before.signers, before.signer, {
    placed: input.placed ?? {},
    initials: options.initials,
    fullName: fields.fullName ?? before.signer.name,
    email: before.signer.email,
    at: now,
    pictures: options.pictures,
  });
  return { fields, judged, now };
}

/** The evidence every action stores on the recipient's row: when, what they accepted, from where. */
export const actionEvidence = (
  signer: Pick<NamedSigner, 'viewedAt'>,
  input: {
    fields: Record<string, string>;
    now: Date;
    origin: SignerContext['origin'];
    disclosure: Disclosure;
  },
) => ({
  viewedAt: signer.viewedAt ?? input.now,
  fieldValues: input.fields,
  consentVersion: input.disclosure.version,
  consentHash: consentHashOf(input.disclosure),
  signedIp: input.origin.ip,
  signedUserAgent: input.origin.userAgent,
});

/**
 * Whether one recipient who blocks is left besides the one acting, and has opened their link
 * already: their action, perhaps moments away, would complete the contract.
 */
export function lastOneLeftHasOpened(all: readonly SignerRow[], actingId: string): boolean {
  const left = all.filter(
    (other) =>
      other.id !== actingId && other.status !== 'delegated' && roleOf(other.role).blocks && !isDone(other),
  );
  return left.length === 1 && left[0]?.viewedAt != null;
}
