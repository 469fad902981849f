import type { ServiceContext } from '../../context';
import { getContract } from '../contracts/get-contract';
import { fileNameOf } from './file-name';

/** Any contract or template of the organization, in any status, as a .docx. */
export async function exportDocx(
  ctx: ServiceContext<'docx'>,
  id: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const contract = await getContract(ctx, id);
  const bytes = await ctx.docx.write(JSON.stringify(contract.content), contract.title);
  return { bytes, fileName: `${fileNameOf(contract.title)}.docx` };
}
