import { and, eq } from 'drizzle-orm';
import type { ClosedSigningState } from '../../../shared/api/signing';
import type { DocumentKind } from '../../../shared/enums';
import { AppError } from '../../../shared/errors';
import type { ServiceContext, SignerContext } from '../../context';
import type { Database } from '../../db/client';
import { contracts, documents } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { bytesAsStoredFile, type FileStore, type StoredFile, storedFile } from '../../uploads/file-store';
import { findSignerWithContract } from '../signing/find-signer';
import { pageStateOf, signingStateOf } from '../signing/signing-state';
import { fileNameOf } from './file-name';

/**
 * The stored PDF of a contract the caller may already see (the caller has checked that), with
 * a file name for the download.
 */
export async function readDocument(
  { db, files }: { db: Database; files: FileStore },
  contractId: string,
  kind: DocumentKind,
): Promise<StoredFile> {
  const [row] = await db
    .select({ bytes: documents.bytes, sha256: documents.sha256, title: contracts.title })
    .from(documents)
    .innerJoin(contracts, eq(contracts.id, documents.contractId))
    .where(and(eq(documents.contractId, contractId), eq(documents.kind, kind)));
  if (!row) {
    throw kind === 'final'
      ? new AppError(
          'DOCUMENT_NOT_READY',
          'The sealed PDF is not ready yet: it is made once everyone has signed',
        )
      : new AppError('NOT_FOUND', 'This contract has no frozen PDF: it has not been sent');
  }
  const suffix = kind === 'final' ? 'signed' : 'sent';
  const named = { sha256: row.sha256, fileName: `${fileNameOf(row.title)} (${suffix}).pdf` };
  return row.bytes ? bytesAsStoredFile(row.bytes, named) : storedFile(files, named);
}

/**
 * A stored PDF's bytes: in the file store by its SHA-256 (where the send and the seal put them, so
 * the embedded database never holds a 20 MB value), or in its row for documents stored before.
 */
export async function bytesOf(
  files: FileStore,
  row: { bytes: Uint8Array | null; sha256: string },
): Promise<Uint8Array> {
  if (row.bytes) return row.bytes;
  const stored = await files.read(row.sha256);
  if (!stored) throw new Error(`The stored document ${row.sha256} is missing`);
  return stored;
}

/** The stored PDF of one of the actor's organization's contracts (404 for anyone else's). */
export async function readContractDocument(
  ctx: ServiceContext<'files'>,
  contractId: string,
  kind: DocumentKind,
): Promise<StoredFile> {
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { kind: 'contract', content: false });
  return readDocument(ctx, contract.id, kind);
}

const closedDocument: Record<ClosedSigningState, string> = {
  declined: 'You declined to sign this document, so its PDF is no longer available here.',
  rejected: 'You rejected this document, so its PDF is no longer available here.',
  delegated: 'You handed this document to someone else, so its PDF is no longer available here.',
  canceled:
    'This document was canceled, so its PDF is no longer available here. Ask the sender for a copy if you need one.',
  expired:
    'This document expired before everyone signed, so its PDF is no longer available here. Ask the sender for a copy if you need one.',
};

/** The stored PDF of the contract a signer was asked to sign, while it is not closed (410 once it is). */
export async function readSigningDocument(
  ctx: SignerContext & { files: FileStore },
  kind: DocumentKind,
): Promise<StoredFile> {
  const { contract, signer, signers } = await findSignerWithContract(ctx.db, ctx.signerId, {
    link: ctx.linkId,
  });
  const page = pageStateOf(contract, signingStateOf({ contract, signer, signers }));
  if (page.closed) throw new AppError('SIGNING_DOCUMENT_CLOSED', closedDocument[page.state]);
  // A link copied and opened before the route reached its recipient shows whose turn it is, not the
  // document: it is theirs to read when it is theirs to act on.
  if (page.state === 'waiting') {
    throw new AppError(
      'SIGNING_NOT_YOUR_TURN',
      'It is not your turn yet: you will get an e-mail when the document is yours to act on.',
    );
  }
  return readDocument(ctx, contract.id, kind);
}
