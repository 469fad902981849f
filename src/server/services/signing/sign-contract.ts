import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SignInput } from '../../../shared/api/signing';
import { consentDisclosure } from '../../../shared/consent';
import { AppError } from '../../../shared/errors';
import type { SignerContext } from '../../context';
import { signers } from '../../db/schema';
import { listSignerFields } from '../custom-fields/list-custom-fields';
import { transition } from '../lifecycle/transition';
import { assertReady } from './closed-message';
import { findSignerWithContract, signerAuthor } from './find-signer';
import { decodeSignatureImage } from './signature-image';
import { checkSignerFields } from './signer-fields';
import { currentTurn, signingStateOf } from './signing-state';

export const consentHash = createHash('sha256').update(consentDisclosure.text).digest('hex');

/**
 * Records a signature. Everything runs with the contract row locked, so of several signers
 * finishing at the same instant exactly one sees nobody left: that one completes the contract,
 * once, and the completion's consumer seals it.
 */
export async function signContract(ctx: SignerContext, input: SignInput): Promise<void> {
  const { db, signerId, linkId, origin } = ctx;
  if (input.consentVersion !== consentDisclosure.version) {
    throw new AppError('INVALID_INPUT', 'The disclosure has changed: read it again and accept it', 'consent');
  }
  const image = decodeSignatureImage(input.signature.image);
  await db.transaction(async (tx) => {
    const {
      signer,
      contract,
      signers: all,
    } = await findSignerWithContract(tx, signerId, { lock: true, link: linkId });
    assertReady(signingStateOf({ contract, signer, signers: all }));
    const fields = checkSignerFields(
      await listSignerFields(tx, contract.organizationId),
      input.fields,
      signer.email,
    );
    const now = new Date();
    await tx
      .update(signers)
      .set({
        status: 'signed',
        signedAt: now,
        viewedAt: signer.viewedAt ?? now,
        fieldValues: fields,
        signatureKind: input.signature.kind,
        signatureImage: image,
        consentVersion: consentDisclosure.version,
        consentHash,
        signedIp: origin.ip,
        signedUserAgent: origin.userAgent,
      })
      .where(eq(signers.id, signer.id));
    const author = signerAuthor(signer, origin);
    const who = { signerId: signer.id, signerName: signer.name, signerEmail: signer.email };
    const left = all.filter((other) => other.id !== signer.id && other.status !== 'signed');
    // In order, the next signer is invited as this one signs (the invitation is the event's).
    const next = contract.sequential && left.length > 0 ? currentTurn(left) : undefined;
    if (next) await tx.update(signers).set({ invitedAt: now }).where(eq(signers.id, next.id));
    await transition(tx, {
      contract,
      step: 'contract.signed',
      facts: {
        ...who,
        nextSignerId: next?.id ?? null,
        fullName: fields.fullName ?? signer.name,
        signatureKind: input.signature.kind,
        consentVersion: consentDisclosure.version,
        consentHash,
      },
      author,
      at: now,
    });
    if (left.length > 0) return;
    // The last signature: the contract is complete, and its completion queues the seal.
    await transition(tx, {
      contract,
      step: 'contract.completed',
      set: { completedAt: now },
      facts: { ...who, signerCount: all.length },
      author,
      at: now,
    });
  });
}
