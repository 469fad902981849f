import { eq } from 'drizzle-orm';
import type { SignInput } from '../../../shared/api/signing';
import { consentDisclosure } from '../../../shared/consent';
import { AppError } from '../../../shared/errors';
import { roleOf } from '../../../shared/recipients';
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
import { bytesOfDataUrl, signatureBounds } from './signature-image';
import { signerNumbered } from './signer-numbers';
import { checkPictureHeader, type SigningPicture } from './signing-pictures';

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
  await acceptAttempt(ctx, input.consentVersion, consentDisclosure);
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
  const { fields, judged, now } = await judgeAction(ctx, input, {
    refusal: (role) =>
      roleOf(role).signs ? null : `As ${role} you do not sign: ${roleOf(role).action.toLowerCase()}`,
    initials: initials?.dataUrl ?? null,
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
        ...actionEvidence(signer, { fields, now, origin, disclosure: consentDisclosure }),
        status: 'signed',
        signedAt: now,
        signatureKind: input.signature.kind,
        signatureImage: bytesOfDataUrl(signature.dataUrl),
        // Once, for all their initials fields (each says 'initials'): 200 copies were 79 MB.
        initialsImage: initials && initialsUsed ? bytesOfDataUrl(initials.dataUrl) : null,
      })
      .where(eq(signers.id, signer.id));
    const author = signerAuthor(signer, origin);
    await storeNamed(tx, { contract, namer: signer, all, named: input.named ?? [], author, at: now });
    const signed = {
      fullName: fields.fullName ?? signer.name,
      signatureKind: input.signature.kind,
      consentVersion: consentDisclosure.version,
      consentHash: consentHashOf(consentDisclosure),
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

/** A picture of the signature or the initials, bounded and refused as a signature is. */
function signingPicture(dataUrl: string, field: string, message: string): SigningPicture {
  return { dataUrl, bounds: signatureBounds, refusal: new AppError('INVALID_INPUT', message, field) };
}
