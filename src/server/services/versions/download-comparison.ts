import type { CompareQuery, Redline } from '../../../shared/api/versions';
import type { ServiceContext } from '../../context';
import { fileNameOf } from '../documents/file-name';
import { compareVersions } from './compare-versions';

type File = { bytes: Uint8Array; fileName: string };

function fileName(redline: Redline, extension: string): string {
  return `${fileNameOf(redline.to.title)} - versions ${redline.from.number} to ${redline.to.number}.${extension}`;
}

/**
 * Two versions compared, as a PDF: the redline printed as on screen under a header naming both
 * versions and their content hashes. Rendered in the PDF thread, stored nowhere.
 */
export async function comparisonPdf(
  ctx: ServiceContext<'pdf' | 'content'>,
  contractId: string,
  query: CompareQuery,
): Promise<File> {
  const redline = await compareVersions(ctx, contractId, query);
  const side = (version: Redline['from']) => ({
    number: version.number,
    author: version.author.name,
    createdAt: version.updatedAt,
    contentHash: version.contentHash,
  });
  const bytes = await ctx.pdf.renderRedline(
    {
      title: redline.to.title,
      organizationName: ctx.actor.organizationName,
      from: side(redline.from),
      to: side(redline.to),
      content: redline.document,
      summary: redline.summary,
    },
    ctx.actor.organizationId,
  );
  return { bytes, fileName: fileName(redline, 'pdf') };
}

/**
 * Two versions compared, as a .docx with tracked changes: what was added is a tracked insertion
 * and what was removed a tracked deletion, both by the later version's author at its time, so
 * Word or LibreOffice can accept or reject each one.
 */
export async function comparisonDocx(
  ctx: ServiceContext<'content' | 'docx'>,
  contractId: string,
  query: CompareQuery,
): Promise<File> {
  const redline = await compareVersions(ctx, contractId, query);
  const bytes = await ctx.docx.write(JSON.stringify(redline.document), redline.to.title, {
    author: redline.to.author.name,
    // Word reads the time to the second, without fractions.
    date: `${redline.to.updatedAt.slice(0, 19)}Z`,
  });
  return { bytes, fileName: fileName(redline, 'docx') };
}
