import { eq } from 'drizzle-orm';
import { consentDisclosure } from '../../shared/consent';
import type { ContractStatus } from '../../shared/statuses';
import { enqueueJob } from '../jobs/job-queue';
import { queueMail } from '../mail/queue-mail';
import type { PdfEngine } from '../pdf/pdf-engine';
import { consentHash, sealJobType } from '../services/signing/sign-contract';
import type { Database } from './client';
import { signaturePng } from './demo-signature';
import { contracts, documents, signers } from './schema';

/**
 * Gives a seeded contract what sending and signing would have given it: the frozen PDF, the
 * signatures of those who signed, an invitation (with a working link, in the outbox) for those
 * who have not, and for a signed contract the seal, which the background work then makes.
 */
export async function completeDemoSigning(
  tx: Database,
  pdf: PdfEngine,
  input: { contractId: string; status: ContractStatus; at: Date },
): Promise<void> {
  if (input.status === 'draft') return;
  const [contract] = await tx.select().from(contracts).where(eq(contracts.id, input.contractId));
  if (!contract) return;
  const frozen = await pdf.freezeContract({
    title: contract.title,
    content: contract.content,
    organizationName: 'Demo Company',
    reference: contract.id,
    sentAt: input.at,
  });
  await tx.insert(documents).values({
    contractId: contract.id,
    kind: 'frozen',
    sha256: frozen.sha256,
    pages: frozen.pages,
    bytes: frozen.bytes,
    createdAt: input.at,
  });
  const signed = input.status === 'signed';
  await tx
    .update(contracts)
    .set({ sentAt: input.at, ...(signed ? { completedAt: input.at } : {}) })
    .where(eq(contracts.id, contract.id));
  for (const signer of await tx.select().from(signers).where(eq(signers.contractId, contract.id))) {
    await tx
      .update(signers)
      .set({
        invitedAt: input.at,
        ...(signer.status === 'signed'
          ? {
              signatureKind: 'drawn' as const,
              signatureImage: signaturePng(),
              fieldValues: { fullName: signer.name, email: signer.email },
              consentVersion: consentDisclosure.version,
              consentHash,
            }
          : {}),
      })
      .where(eq(signers.id, signer.id));
    if (input.status === 'sent' && signer.status !== 'signed') {
      await queueMail(tx, {
        organizationId: contract.organizationId,
        contractId: contract.id,
        signerId: signer.id,
        kind: 'invitation',
        to: { name: signer.name, email: signer.email },
        dedupeKey: `invitation:${signer.id}`,
      });
    }
  }
  if (signed) {
    await enqueueJob(tx, {
      type: sealJobType,
      payload: { contractId: contract.id },
      dedupeKey: `seal:${contract.id}`,
    });
  }
}
