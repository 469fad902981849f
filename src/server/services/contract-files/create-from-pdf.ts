import type { CreateFromPdfQuery } from '../../../shared/api/contract-files';
import type { Contract } from '../../../shared/api/contracts';
import type { ServiceContext } from '../../context';
import type { ReceivedFile } from '../../uploads/file-store';
import { createContract } from '../contracts/create-contract';
import { getContract } from '../contracts/get-contract';
import { attachPdf } from './attach-pdf';
import { storeUploadedPdf } from './store-uploaded-pdf';

/** Starts a draft (or a template) from an uploaded PDF: the PDF is its first document. */
export async function createFromPdf(
  ctx: ServiceContext<'files' | 'uploads' | 'content'>,
  received: ReceivedFile,
  query: CreateFromPdfQuery,
): Promise<Contract> {
  // Inspected and stored first: a refused file makes no contract.
  const stored = await storeUploadedPdf(ctx, received, query.name, ctx.actor.organizationId);
  const title = (query.title ?? stored.name.replace(/\.pdf$/i, '')).slice(0, 200) || 'Untitled';
  const { id } = await createContract(ctx, {
    title,
    isTemplate: query.template,
    ...(query.projectId ? { projectId: query.projectId } : {}),
    signers: [],
  });
  await attachPdf(ctx, id, stored, { textAfter: true });
  return getContract(ctx, id);
}
