import { and, eq } from 'drizzle-orm';
import type { Verification } from '../../../shared/api/signing';
import type { Database } from '../../db/client';
import { contracts, documents, organizations } from '../../db/schema';
import type { PdfEngine } from '../../pdf/pdf-engine';
import { presentSealedContract, presentVerification } from '../../presenters/verification';
import { readRecipientRecords } from '../sealing/recipient-records';

/**
 * Says whether a PDF is a final document sealed by this instance and unchanged: its SHA-256
 * must be one we stored, and its seal must verify and cover the whole file. A seal made with
 * one of our certificates that no longer matches its bytes is reported as changed.
 */
export async function verifyDocument(
  deps: { db: Database; pdf: PdfEngine },
  bytes: Uint8Array,
  instanceFingerprint: string,
): Promise<Verification> {
  const { db } = deps;
  // Hashing and reading up to 25 MB is done by the engine's thread, never on the request path.
  const { sha256, seal: inspection } = await deps.pdf.inspectDocument(bytes);
  const seal = inspection.sealed
    ? {
        intact: inspection.intact,
        coversWholeDocument: inspection.coversWholeDocument,
        subject: inspection.subject,
        ours: await isOurCertificate(db, inspection.certificateFingerprintSha256, instanceFingerprint),
      }
    : null;
  const [stored] = await db
    .select({ contractId: documents.contractId })
    .from(documents)
    .where(and(eq(documents.sha256, sha256), eq(documents.kind, 'final')))
    .limit(1);
  // A stored hash means these exact bytes are a final document this instance made and sealed.
  if (stored && seal?.intact && seal.coversWholeDocument) {
    const contract = await describeContract(db, stored.contractId);
    return presentVerification({ verdict: 'verified', sha256, seal, contract });
  }
  const modified = seal?.ours && (!seal.intact || !seal.coversWholeDocument);
  return presentVerification({ verdict: modified ? 'modified' : 'unknown', sha256, seal, contract: null });
}

/** The instance certificate, or one an organization uploaded (current or replaced since). */
async function isOurCertificate(
  db: Database,
  fingerprint: string,
  instanceFingerprint: string,
): Promise<boolean> {
  if (fingerprint === instanceFingerprint) return true;
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.sealingFingerprint, fingerprint))
    .limit(1);
  return organization !== undefined;
}

async function describeContract(db: Database, contractId: string): Promise<Verification['contract']> {
  const [row] = await db
    .select({
      title: contracts.title,
      completedAt: contracts.completedAt,
      sequential: contracts.sequential,
      organization: organizations.name,
    })
    .from(contracts)
    .innerJoin(organizations, eq(organizations.id, contracts.organizationId))
    .where(eq(contracts.id, contractId));
  if (!row) return null;
  return presentSealedContract(
    row,
    await readRecipientRecords(db, { id: contractId, sequential: row.sequential }),
  );
}
