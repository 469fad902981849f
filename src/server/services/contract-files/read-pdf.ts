import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { contractFiles } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { type StoredFile, storedFile } from '../../uploads/file-store';

/** One of a contract's PDFs as it was uploaded, for the field editor's pages and for download. */
export async function readPdf(
  ctx: ServiceContext<'files'>,
  contractId: string,
  fileId: string,
): Promise<StoredFile> {
  await findOwnContract(ctx.db, ctx.actor, contractId, { kind: 'either', content: false });
  const [file] = await ctx.db
    .select({ name: contractFiles.name, byteSize: contractFiles.byteSize, sha256: contractFiles.sha256 })
    .from(contractFiles)
    .where(and(eq(contractFiles.id, fileId), eq(contractFiles.contractId, contractId)));
  if (!file) throw new AppError('NOT_FOUND', 'That PDF is not one of this contract’s');
  return storedFile(ctx.files, { sha256: file.sha256, byteSize: file.byteSize, fileName: file.name });
}
