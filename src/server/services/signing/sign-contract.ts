import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SignInput } from '../../../shared/api/signing';
import { consentDisclosure } from '../../../shared/consent';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { contracts, signers } from '../../db/schema';
import { enqueueJob } from '../../jobs/job-queue';
import { queueMail } from '../../mail/queue-mail';
import { listSignerFields } from '../custom-fields/list-custom-fields';
import { appendHistory } from '../history/append-history';
import { notifyOwner } from '../notifications/notify-owner';
import { assertReady } from './closed-message';
import { findSignerWithContract, signerAuthor } from './find-signer';
import { decodeSignatureImage } from './signature-image';
import { checkSignerFields } from './signer-fields';
import { currentTurn, signingStateOf } from './signing-state';

export const sealJobType = 'seal-contract';
export const consentHash = createHash('sha256').update(consentDisclosure.text).digest('hex');

/**
 * Records a signature. Everything runs with the contract row locked, so of several signers
 * finishing at the same instant exactly one sees nobody left: that one marks the contract
 * signed and queues the seal, once (the job's key makes even a repeat harmless).
 */
export async function signContract(
  db: Database,
  signerId: string,
  input: SignInput,
  origin: { ip: string | null; userAgent: string | null },
): Promise<void> {
  if (input.consentVersion !== consentDisclosure.version) {
    throw new AppError('INVALID_INPUT', 'The disclosure has changed: read it again and accept it', 'consent');
  }
  const image = decodeSignatureImage(input.signature.image);
  await db.transaction(async (tx) => {
    const { signer, contract, signers: all } = await findSignerWithContract(tx, signerId, { lock: true });
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
    await appendHistory(tx, {
      contractId: contract.id,
      action: 'signed',
      details: `Signed by ${fields.fullName ?? signer.name} (${signer.email}), ${input.signature.kind} signature; accepted disclosure ${consentDisclosure.version} (SHA-256 ${consentHash})`,
      author,
      at: now,
    });
    await notifyOwner(tx, {
      contract,
      kind: 'signed',
      message: `${signer.name} signed "${contract.title}"`,
      at: now,
    });

    const left = all.filter((other) => other.id !== signer.id && other.status !== 'signed');
    if (left.length > 0) {
      const next = currentTurn(left);
      if (contract.sequential && next) {
        await tx.update(signers).set({ invitedAt: now }).where(eq(signers.id, next.id));
        await queueMail(tx, {
          organizationId: contract.organizationId,
          contractId: contract.id,
          signerId: next.id,
          kind: 'invitation',
          to: { name: next.name, email: next.email },
          dedupeKey: `invitation:${next.id}`,
        });
      }
      return;
    }
    await tx
      .update(contracts)
      .set({ status: 'signed', completedAt: now, updatedAt: now })
      .where(eq(contracts.id, contract.id));
    await appendHistory(tx, {
      contractId: contract.id,
      action: 'completed',
      details: `All ${all.length} signer${all.length === 1 ? '' : 's'} signed`,
      author,
      at: now,
    });
    await notifyOwner(tx, {
      contract,
      kind: 'completed',
      message: `Everyone signed "${contract.title}"`,
      at: now,
    });
    await enqueueJob(tx, {
      type: sealJobType,
      payload: { contractId: contract.id },
      dedupeKey: `seal:${contract.id}`,
      maxAttempts: 10,
    });
  });
}
