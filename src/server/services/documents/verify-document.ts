import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Verification } from '../../../shared/api/signing';
import type { Database } from '../../db/client';
import { contracts, documents, organizations, signers } from '../../db/schema';
import { inspectSeal } from '../../pdf/verify-pdf';

/**
 * Says whether a PDF is a final document sealed by this instance and unchanged: its SHA-256
 * must be one we stored, and its seal must verify, cover the whole file, and be made with the
 * instance's certificate or an organization's.
 */
export async function verifyDocument(
  db: Database,
  pdf: Uint8Array,
  trustedFingerprints: ReadonlySet<string>,
): Promise<Verification> {
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const inspection = inspectSeal(pdf);
  const seal = inspection.sealed
    ? {
        intact: inspection.intact,
        coversWholeDocument: inspection.coversWholeDocument,
        signedBy: inspection.subject,
        ours: trustedFingerprints.has(inspection.certificateFingerprintSha256),
      }
    : null;
  const [stored] = await db
    .select({ contractId: documents.contractId })
    .from(documents)
    .where(and(eq(documents.sha256, sha256), eq(documents.kind, 'final')))
    .limit(1);
  if (stored && seal?.intact && seal.coversWholeDocument && seal.ours) {
    return {
      verdict: 'verified',
      message: 'This document was sealed by Pactum and has not been changed since.',
      sha256,
      seal,
      contract: await describeContract(db, stored.contractId),
    };
  }
  if (seal?.ours && (!seal.intact || !seal.coversWholeDocument)) {
    return {
      verdict: 'modified',
      message:
        'This document was sealed by Pactum, but it has been changed since: its seal no longer matches its content.',
      sha256,
      seal,
      contract: null,
    };
  }
  return {
    verdict: 'unknown',
    message:
      'Pactum cannot vouch for this document: it is not a sealed document from this Pactum, or it has been changed.',
    sha256,
    seal,
    contract: null,
  };
}

async function describeContract(db: Database, contractId: string): Promise<Verification['contract']> {
  const [row] = await db
    .select({ title: contracts.title, completedAt: contracts.completedAt, organization: organizations.name })
    .from(contracts)
    .innerJoin(organizations, eq(organizations.id, contracts.organizationId))
    .where(eq(contracts.id, contractId));
  if (!row) return null;
  const parties = await db
    .select({ name: signers.name, email: signers.email, signedAt: signers.signedAt })
    .from(signers)
    .where(eq(signers.contractId, contractId))
    .orderBy(asc(signers.signingOrder));
  return {
    title: row.title,
    organization: row.organization,
    completedAt: row.completedAt?.toISOString() ?? null,
    parties: parties.map((party) => ({ ...party, signedAt: party.signedAt?.toISOString() ?? null })),
  };
}
