import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractHistory, contracts, documents, organizations, signers } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import type { PdfEngine } from '../../pdf/pdf-engine';
import { contractOwner } from '../contracts/contract-owner';
import { listSignerFields } from '../custom-fields/list-custom-fields';
import { appendHistory } from '../history/append-history';
import { systemAuthor } from '../history/author-of';
import { organizationCertificate } from '../settings/sealing-certificate';
import { authenticationSummary } from './authentication-summary';

export type SealDeps = {
  db: Database;
  pdf: PdfEngine;
  /** The instance certificate, used when the organization has none of its own. */
  certificate: { p12: Uint8Array; password: string };
  /** SESSION_SECRET, which unlocks the password of an organization's own certificate. */
  secret: string;
  tsaUrl?: string;
};

/**
 * Renders, seals and stores the final PDF of a signed contract, then mails it to everyone. Safe
 * to run again: a contract already sealed is not sealed twice (and the unique document row would
 * refuse a second one), and the e-mails are keyed per person.
 */
export async function sealContract(deps: SealDeps, contractId: string): Promise<void> {
  const { db } = deps;
  const [contract] = await db.select().from(contracts).where(eq(contracts.id, contractId));
  if (contract?.status !== 'signed') return;
  if (!contract.sealedAt) {
    try {
      await renderAndStore(deps, contract);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db.update(contracts).set({ sealError: reason }).where(eq(contracts.id, contractId));
      throw error;
    }
  }
  await queueCompletionMails(db, contractId);
}

async function renderAndStore(deps: SealDeps, contract: typeof contracts.$inferSelect): Promise<void> {
  const { db } = deps;
  const [organization] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, contract.organizationId));
  const [frozen] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.contractId, contract.id), eq(documents.kind, 'frozen')));
  if (!organization || !frozen) throw new Error('The contract has no frozen document to seal');
  const sender = await contractOwner(db, contract.createdBy);
  const signerRows = await db
    .select()
    .from(signers)
    .where(eq(signers.contractId, contract.id))
    .orderBy(asc(signers.signingOrder), asc(signers.createdAt));
  const fields = await listSignerFields(db, contract.organizationId);
  const events = await db
    .select()
    .from(contractHistory)
    .where(eq(contractHistory.contractId, contract.id))
    .orderBy(asc(contractHistory.seq));
  const completedAt = contract.completedAt ?? new Date();
  const own = await organizationCertificate(db, contract.organizationId, deps.secret);

  const final = await deps.pdf.finalizeContract({
    title: contract.title,
    reference: contract.id,
    organizationName: organization.name,
    sender: sender ?? { name: contract.createdByName, email: '' },
    completedAt,
    frozen: frozen.bytes,
    frozenSha256: frozen.sha256,
    signers: signerRows.map((signer) => ({
      name: signer.fieldValues?.fullName ?? signer.name,
      email: signer.email,
      signedAt: signer.signedAt ?? completedAt,
      signatureImage: signer.signatureImage ?? new Uint8Array(),
      ip: signer.signedIp,
      userAgent: signer.signedUserAgent,
      fields: fields
        .filter((field) => signer.fieldValues?.[field.key])
        .map((field) => ({ label: field.name, value: signer.fieldValues?.[field.key] ?? '' })),
      authentication: authenticationSummary(signer, events),
    })),
    events: events.map((event) => ({
      timestamp: event.timestamp,
      action: event.action,
      actor: event.userName,
      details: event.details,
      ip: event.ip,
      userAgent: event.userAgent,
    })),
    certificate: own ? { p12: own.p12, password: own.password } : deps.certificate,
    ...(deps.tsaUrl ? { tsaUrl: deps.tsaUrl } : {}),
  });

  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ sealedAt: contracts.sealedAt })
      .from(contracts)
      .where(eq(contracts.id, contract.id))
      .for('update');
    if (!locked || locked.sealedAt) return;
    const now = new Date();
    await tx.insert(documents).values({
      contractId: contract.id,
      kind: 'final',
      sha256: final.sha256,
      pages: final.pages,
      bytes: final.bytes,
      createdAt: now,
    });
    await tx.update(contracts).set({ sealedAt: now, sealError: null }).where(eq(contracts.id, contract.id));
    await appendHistory(tx, {
      contractId: contract.id,
      action: 'sealed',
      details: `Final PDF sealed (${final.pages} pages); signed document SHA-256 ${final.signedSha256}; sealed file SHA-256 ${final.sha256}`,
      author: systemAuthor,
      at: now,
    });
  });
}

/** The sealed PDF to every signer and to the sender, once each. */
async function queueCompletionMails(db: Database, contractId: string): Promise<void> {
  const [contract] = await db.select().from(contracts).where(eq(contracts.id, contractId));
  if (!contract?.sealedAt) return;
  const recipients = await db
    .select({ id: signers.id, name: signers.name, email: signers.email })
    .from(signers)
    .where(eq(signers.contractId, contractId));
  const sender = await contractOwner(db, contract.createdBy);
  const everyone = [...recipients.map((signer) => ({ ...signer, signerId: signer.id as string | null }))];
  if (sender && !everyone.some((person) => person.email === sender.email)) {
    everyone.push({ id: '', name: sender.name, email: sender.email, signerId: null });
  }
  await db.transaction(async (tx) => {
    for (const person of everyone) {
      await queueMail(tx, {
        organizationId: contract.organizationId,
        contractId,
        signerId: person.signerId,
        kind: 'completed',
        to: { name: person.name, email: person.email },
        dedupeKey: `completed:${contractId}:${person.email}`,
      });
    }
  });
}
