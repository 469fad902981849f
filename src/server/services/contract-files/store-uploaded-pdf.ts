import { basename } from 'node:path';
import type { ServiceDeps } from '../../deps';
import type { ReceivedFile } from '../../uploads/file-store';
import type { InspectedPdf } from '../../uploads/inspect-pdf';

/** An uploaded PDF inspected and in the file store, ready to be named by a contract. */
export type StoredPdf = InspectedPdf & { name: string; sha256: string; byteSize: number };

/**
 * Inspects a received upload in the upload thread, in its organization's turn (a file refused
 * answers with its reason), hashes it there too, and takes it into the file store under that hash.
 * Outside any transaction: neither holds the database.
 */
export async function storeUploadedPdf(
  deps: Pick<ServiceDeps, 'files' | 'uploads'>,
  received: ReceivedFile,
  name: string,
  organizationId: string,
): Promise<StoredPdf> {
  const inspected = await deps.uploads.inspectPdf(received.path, organizationId);
  const sha256 = await deps.uploads.hashFile(received.path, organizationId);
  await deps.files.adopt(received.path, sha256);
  return { ...inspected, name: pdfFileName(name), sha256, byteSize: received.size };
}

/** The name shown for a file: its last path part, without control characters, ending in .pdf. */
export function pdfFileName(name: string): string {
  const printable = name.replace(/\p{Cc}/gu, '');
  const last = basename(printable.replaceAll('\\', '/')).trim() || 'document.pdf';
  return /\.pdf$/i.test(last) ? last : `${last}.pdf`;
}
