import type { UploadedFile, UploadFileQuery } from '../../../shared/api/contract-files';
import type { ServiceContext } from '../../context';
import type { ReceivedFile } from '../../uploads/file-store';
import { attachPdf, checkAttachable } from './attach-pdf';
import { storeUploadedPdf } from './store-uploaded-pdf';

/** Adds an uploaded PDF to a draft or template, or puts it in the place of one of its PDFs. */
export async function addPdf(
  ctx: ServiceContext<'files' | 'uploads'>,
  contractId: string,
  received: ReceivedFile,
  query: UploadFileQuery,
): Promise<UploadedFile> {
  await checkAttachable(ctx, contractId, query.replaces !== undefined);
  const stored = await storeUploadedPdf(ctx, received, query.name, ctx.actor.organizationId);
  // A replaced PDF's bytes stay until the sweep of unnamed files finds no row naming them.
  return attachPdf(ctx, contractId, stored, query);
}
