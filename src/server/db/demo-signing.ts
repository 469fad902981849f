import { eq } from 'drizzle-orm';
import { consentDisclosure } from '../../shared/consent';
import type { ContractStatus } from '../../shared/statuses';
import { queueMail } from '../mail/queue-mail';
import type { PdfEngine } from '../pdf/pdf-engine';
import { recordEvent } from '../services/lifecycle/record-event';
import { consentHash } from '../services/signing/sign-contract';
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
  // Its completion, whose consumers seal it once the background work runs.
  if (signed) {
    await recordEvent(tx, {
      organizationId: contract.organizationId,
      contractId: contract.id,
      type: 'contract.completed',
      at: input.at,
    });
  }
}
