import { and, asc, desc, eq } from 'drizzle-orm';
import { roleOf } from '../../../shared/recipients';
import {
  type ContractRow,
  contractHistory,
  contracts,
  contractVersions,
  documents,
  organizations,
  signers,
} from '../../db/schema';
import type { ProcessDeps } from '../../deps';
import { contractFileRows } from '../contract-files/contract-file-rows';
import { contractOwner } from '../contracts/contract-owner';
import { listSignerFields } from '../custom-fields/list-custom-fields';
import { bytesOf } from '../documents/read-document';
import { systemAuthor } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { authenticationSummary } from '../signing/authentication-summary';
import { isNamed, type NamedSigner } from '../signing/find-signer';
import { drawnFields, everySignerSignedInPlace, filledFieldsOf, filledValuesBySigner } from './drawn-fields';
import { organizationCertificate } from './organization-certificate';
import { recipientRecords, recordedEventsOf } from './recipient-records';

/** What a seal uses: the instance certificate serves when the organization has none of its own. */
export type SealDeps = Pick<
  ProcessDeps,
  'db' | 'pdf' | 'files' | 'instanceCertificate' | 'secret' | 'tsaUrl'
>;

/**
 * Renders, seals and stores the final PDF of a signed contract; the `contract.sealed` event it
 * records with it has the PDF mailed to everyone. Safe to run again: a contract already sealed is
 * not sealed twice (and the unique document row would refuse a second one).
 */
export async function sealContract(deps: SealDeps, contractId: string): Promise<void> {
  const { db } = deps;
  const [contract] = await db.select().from(contracts).where(eq(contracts.id, contractId));
  if (contract?.status !== 'signed') return;
  if (contract.sealedAt) return;
  try {
    await renderAndStore(deps, contract);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.update(contracts).set({ sealError: reason }).where(eq(contracts.id, contractId));
    throw error;
  }
}

async function renderAndStore(deps: SealDeps, contract: ContractRow): Promise<void> {
  const { db } = deps;
  // Independent reads, at once: on PostgreSQL they run side by side on the pool's connections.
  const [[organization], [frozen], sender, signerRows, fields, events, [sent], own, files, recorded] =
    await Promise.all([
      db.select().from(organizations).where(eq(organizations.id, contract.organizationId)),
      db
        .select()
        .from(documents)
        .where(and(eq(documents.contractId, contract.id), eq(documents.kind, 'frozen'))),
      contractOwner(db, contract.createdBy),
      db
        .select()
        .from(signers)
        .where(eq(signers.contractId, contract.id))
        .orderBy(asc(signers.position), asc(signers.createdAt)),
      listSignerFields(db, contract.organizationId),
      db
        .select()
        .from(contractHistory)
        .where(eq(contractHistory.contractId, contract.id))
        .orderBy(asc(contractHistory.seq)),
      // The version the send recorded: what was frozen, and so what was signed.
      db
        .select({ number: contractVersions.number, contentSha256: contractVersions.contentHash })
        .from(contractVersions)
        .where(and(eq(contractVersions.contractId, contract.id), eq(contractVersions.kind, 'sent')))
        .orderBy(desc(contractVersions.number))
        .limit(1),
      organizationCertificate(db, contract.organizationId, deps.secret),
      contractFileRows(db, contract.id),
      recordedEventsOf(db, contract.id),
    ]);
  if (!organization || !frozen) throw new Error('The contract has no frozen document to seal');
  const completedAt = contract.completedAt ?? new Date();
  // Who signed (signers and witnesses): their signatures are drawn, each on the signature pages.
  const signing = signerRows.filter(
    (signer): signer is NamedSigner =>
      isNamed(signer) && roleOf(signer.role).signs && signer.status === 'signed',
  );

  const recipients = recipientRecords({
    signers: signerRows,
    sequential: contract.sequential,
    events: recorded,
    history: events,
  });
  // A witness's block says whose signature they witnessed (a witness never delegates).
  const witnessed = (signer: NamedSigner) =>
    recipients.find((record) => record.number === signer.position && record.outcome === 'witnessed')
      ?.witnessOf ?? undefined;

  // Read once: drawn on the pages, and listed in the certificate of completion.
  const filled = await filledFieldsOf(db, contract.id);
  const placedValues = filledValuesBySigner(filled, signerRows);
  const final = await deps.pdf.finalizeContract(
    {
      title: contract.title,
      reference: contract.id,
      organizationName: organization.name,
      sender: sender ?? { name: contract.createdByName, email: '' },
      completedAt,
      frozen: await bytesOf(deps.files, frozen),
      frozenSha256: frozen.sha256,
      ...(sent ? { signedVersion: sent } : {}),
      signers: signing.map((signer) => ({
        name: signer.fieldValues?.fullName ?? signer.name,
        email: signer.email,
        signedAt: signer.signedAt ?? completedAt,
        signatureImage: signer.signatureImage ?? new Uint8Array(),
        ip: signer.signedIp,
        userAgent: signer.signedUserAgent,
        fields: fields
          .filter((field) => signer.fieldValues?.[field.key])
          .map((field) => ({ label: field.name, value: signer.fieldValues?.[field.key] ?? '' })),
        placed: placedValues.get(signer.id) ?? [],
        authentication: authenticationSummary(signer, events),
        ...(witnessed(signer) ? { witnessOf: witnessed(signer) } : {}),
      })),
      recipients,
      events: events.map((event) => ({
        timestamp: event.timestamp,
        action: event.action,
        actor: event.userName,
        details: event.details,
        ip: event.ip,
        userAgent: event.userAgent,
      })),
      certificate: own
        ? { p12: own.p12, password: own.password }
        : { p12: deps.instanceCertificate.p12, password: deps.instanceCertificate.password },
      ...(deps.tsaUrl ? { tsaUrl: deps.tsaUrl } : {}),
      fields: drawnFields(filled, signerRows),
      signaturePages: !everySignerSignedInPlace(filled, signing),
      // Sent as uploaded, signed by others already: completed without rewriting it.
      keepSignatures:
        files.length === 1 && files.some((file) => file.signatureCount > 0 && file.sha256 === frozen.sha256),
    },
    contract.organizationId,
  );

  // The bytes go to the file store first (a retry after a crash finds them there, kept once).
  await deps.files.write(final.bytes, final.sha256);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({
        id: contracts.id,
        organizationId: contracts.organizationId,
        status: contracts.status,
        sealedAt: contracts.sealedAt,
      })
      .from(contracts)
      .where(eq(contracts.id, contract.id))
      .for('update');
    if (!locked || locked.sealedAt) return;
    await tx.insert(documents).values({
      contractId: contract.id,
      kind: 'final',
      sha256: final.sha256,
      pages: final.pages,
      bytes: null,
      byteSize: final.bytes.byteLength,
      createdAt: new Date(),
    });
    // Stamped once the file is written: sealedAt says when the sealed PDF was stored.
    const now = new Date();
    await transition(tx, {
      contract: locked,
      set: { sealedAt: now, sealError: null },
      step: 'contract.sealed',
      facts: { sha256: final.sha256, pages: final.pages, signedSha256: final.signedSha256 },
      author: systemAuthor,
      at: now,
    });
  });
}
