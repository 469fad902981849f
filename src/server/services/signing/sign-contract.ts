import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SignInput } from '../../../shared/api/signing';
import { consentDisclosure } from '../../../shared/consent';
import { AppError } from '../../../shared/errors';
import { isDone, roleOf } from '../../../shared/recipients';
import * as clock from '../../clock';
import type { SignerContext } from '../../context';
import { type SignerRow, signers } from '../../db/schema';
import { listSignerFields } from '../custom-fields/list-custom-fields';
import { transition } from '../lifecycle/transition';
import { advanceRoute } from './advance-route';
import { assertMayAct } from './closed-message';
import { judgeFieldsOf, storeFilledFields } from './filled-fields';
import { findSignerWithContract, recipientFacts, signerAuthor } from './find-signer';
import { checkNamed, storeNamed } from './name-recipients';
import { countSignAttempt } from './sign-attempts';
import { bytesOfDataUrl, signatureBounds } from './signature-image';
import { checkSignerDetails } from './signer-details';
import { signerNumbered } from './signer-numbers';
import { checkPictureHeader, type SigningPicture } from './signing-pictures';
import { signingStateOf } from './signing-state';

export const consentHash = createHash('sha256').update(consentDisclosure.text).digest('hex');

/**
 * Records a signature (a signer's or a witness's), with the later recipients this one names.
 * Each try is counted first (sign-attempts.ts); everything cheap is checked
 * before anything costly, and what is costly (patterns, pictures) runs in the content thread,
 * before the transaction. What is stored is stored with the contract row locked, so of several
 * recipients finishing at the same instant exactly one moves the route on (advance-route.ts): the
 * next group is invited once, the contract completed once, and the completion's consumer seals it.
 * Says whether one recipient is left who has opened their link already: their action, perhaps
 * moments away, would complete the contract.
 */
export async function signContract(
  ctx: SignerContext<'content'>,
  input: SignInput,
): Promise<{ lastSignerHasOpened: boolean }> {
  const { db, signerId, linkId, origin } = ctx;
  if (input.consentVersion !== consentDisclosure.version) {
    throw new AppError('INVALID_INPUT', 'The disclosure has changed: read it again and accept it', 'consent');
  }
  await countSignAttempt(db, signerId);
  const signature = signingPicture(
    input.signature.image,
    'signature',
    'The signature image could not be read',
  );
  const initials = input.initials
    ? signingPicture(input.initials.image, 'initials', 'The initials image could not be read')
    : null;
  checkPictureHeader(signature);
  if (initials) checkPictureHeader(initials);
  // Judged before the transaction: the content thread's work (patterns, pictures) never holds the
  // contract's lock, nor, on the embedded database, its one connection. A sent contract's fields
  // do not change, and the state is checked again under the lock.
  const before = await findSignerWithContract(db, signerId, { link: linkId });
  assertMayAct(before);
  if (!roleOf(before.signer.role).signs) {
    throw new AppError(
      'INVALID_INPUT',
      `As ${before.signer.role} you do not sign: ${roleOf(before.signer.role).action.toLowerCase()}`,
    );
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
    initials: initials?.dataUrl ?? null,
    fullName: fields.fullName ?? before.signer.name,
    email: before.signer.email,
    at: now,
    pictures: initials ? [signature, initials] : [signature],
  });
  return db.transaction(async (tx) => {
    const {
      signer,
      contract,
      signers: all,
    } = await findSignerWithContract(tx, signerId, { lock: true, link: linkId });
    assertMayAct({ contract, signer, signers: all });
    const { filled, initialsUsed } = await storeFilledFields(tx, contract.id, judged, now);
    await tx
      .update(signers)
      .set({
        status: 'signed',
        signedAt: now,
        viewedAt: signer.viewedAt ?? now,
        fieldValues: fields,
        signatureKind: input.signature.kind,
        signatureImage: bytesOfDataUrl(signature.dataUrl),
        // Once, for all their initials fields (each says 'initials'): 200 copies were 79 MB.
        initialsImage: initials && initialsUsed ? bytesOfDataUrl(initials.dataUrl) : null,
        consentVersion: consentDisclosure.version,
        consentHash,
        signedIp: origin.ip,
        signedUserAgent: origin.userAgent,
      })
      .where(eq(signers.id, signer.id));
    const author = signerAuthor(signer, origin);
    await storeNamed(tx, { contract, namer: signer, all, named: input.named ?? [], author, at: now });
    const signed = {
      fullName: fields.fullName ?? signer.name,
      signatureKind: input.signature.kind,
      consentVersion: consentDisclosure.version,
      consentHash,
      filled,
    };
    const witnessed = signer.role === 'witness' ? signerNumbered(all, signer.witnessOf) : undefined;
    if (witnessed) {
      await transition(tx, {
        contract,
        step: 'contract.witnessed',
        facts: {
          ...recipientFacts(signer),
          ...signed,
          witnessedId: witnessed.id,
          witnessedName: witnessed.fieldValues?.fullName ?? witnessed.name,
        },
        author,
        at: now,
      });
    } else {
      await transition(tx, {
        contract,
        step: 'contract.signed',
        facts: { ...recipientFacts(signer), ...signed, nextSignerId: null },
        author,
        at: now,
      });
    }
    // The last signature completes the contract, and its completion queues the seal.
    const { complete } = await advanceRoute(tx, { contract, who: signer, author, at: now });
    return { lastSignerHasOpened: !complete && lastOneLeftHasOpened(all, signer.id) };
  });
}

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

/** A picture of the signature or the initials, bounded and refused as a signature is. */
function signingPicture(dataUrl: string, field: string, message: string): SigningPicture {
  return { dataUrl, bounds: signatureBounds, refusal: new AppError('INVALID_INPUT', message, field) };
}
