import { and, eq } from 'drizzle-orm';
import { documents } from '../../../db/schema';
import type { MailMessage } from '../../../mail/kinds/define-mail';
import { maxAttachedPdfBytes } from '../../../mail/kinds/signing-outcomes';
import { fileNameOf } from '../../documents/file-name';
import { bytesOf } from '../../documents/read-document';
import { newDownloadLink } from '../../signing/new-download-link';
import { contractFacts } from './contract-facts';
import { type MailDeps, pageLink } from './mail-deps';

/**
 * The sealed PDF goes to everyone; until it is stored the delivery fails and is retried. Too
 * large to attach, it is linked: a signer gets a download link to their signing page, which
 * expires; the sender, their contract's page.
 */
export async function completedFacts(deps: MailDeps, message: MailMessage) {
  const contract = await contractFacts(deps, message);
  if (!contract) return null;
  const [final] = await deps.db
    .select({ bytes: documents.bytes, sha256: documents.sha256 })
    .from(documents)
    .where(and(eq(documents.contractId, contract.contract.id), eq(documents.kind, 'final')));
  if (!final) throw new Error('The sealed PDF is not stored yet');
  const size = final.bytes?.length ?? (await deps.files.size(final.sha256));
  if (size === null) throw new Error(`The sealed PDF ${final.sha256} is missing`);
  if (size <= maxAttachedPdfBytes) {
    const filename = `${fileNameOf(contract.contract.title)}.pdf`;
    return { ...contract, sealedPdf: await bytesOf(deps.files, final), filename };
  }
  if (!message.signerId)
    return { ...contract, sealedPdf: null, size, download: contract.link, access: false, expiresAt: null };
  const link = await newDownloadLink(deps.db, contract.contract, message.signerId);
  // A signer who has not signed (gone since, or the contract changed) gets nothing.
  if (!link) return null;
  const download = pageLink(deps, `/sign/${link.token}`);
  return { ...contract, sealedPdf: null, size, download, access: true, expiresAt: link.expiresAt };
}
