import type { ConvertedDocx, ImportedDocx } from '../../../shared/api/docx';
import type { EditorDocument } from '../../../shared/api/editor-document';
import type { ServiceContext } from '../../context';
import type { DocxEngine } from '../../docx/docx-engine';
import { createContract } from '../contracts/create-contract';
import { getContract } from '../contracts/get-contract';

/** The document's own title, else the file's name without its extension. */
function titleFor(title: string | null, fileName: string | undefined): string {
  const fromFile = fileName
    ?.replace(/\.docx$/i, '')
    .replace(/[\p{Cc}]/gu, '')
    .trim();
  return (title?.trim() || fromFile || 'Imported document').slice(0, 200);
}

/** Reads a .docx into a document without storing anything (the editor page replaces its content). */
export async function convertDocx(
  ctx: { docx: DocxEngine },
  file: Buffer,
  fileName?: string,
): Promise<ConvertedDocx> {
  const imported = await ctx.docx.read(file);
  return {
    title: titleFor(imported.title, fileName),
    content: JSON.parse(imported.contentJson) as EditorDocument,
    notices: imported.notices,
  };
}

/** Starts a draft contract (or a template) from a .docx, and says what did not come in. */
export async function importDocxContract(
  ctx: ServiceContext<'content' | 'docx'>,
  file: Buffer,
  options: { id?: string; template: boolean; projectId?: string; fileName?: string },
): Promise<{ created: boolean } & ImportedDocx> {
  const converted = await convertDocx(ctx, file, options.fileName);
  const { id, created } = await createContract(ctx, {
    ...(options.id ? { id: options.id } : {}),
    title: converted.title,
    content: converted.content,
    isTemplate: options.template,
    ...(options.projectId ? { projectId: options.projectId } : {}),
    signers: [],
  });
  return { created, contract: await getContract(ctx, id), notices: converted.notices };
}
