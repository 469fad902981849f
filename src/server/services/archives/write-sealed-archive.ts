import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { AppError } from '../../../shared/errors';
import type { ContractStatus } from '../../../shared/statuses';
import type { ServiceContext } from '../../context';
import { contracts, documents } from '../../db/schema';
import { ownContracts } from '../../policies/scope';
import { storedFile } from '../../uploads/file-store';
import { entryNamer } from './archive-names';

type Selected = {
  id: string;
  title: string;
  status: ContractStatus;
  sha256: string | null;
  byteSize: number | null;
  inRow: boolean | null;
  sealedAt: Date | null;
};

/** The archive being written: read from `stream` as it is made, under `fileName`. */
export type SealedArchive = { stream: Readable; fileName: string; entries: number };

/** The name of the list, inside the archive, of the contracts whose signed PDF is not in it. */
export const notIncludedName = 'Not included.txt';

/**
 * The sealed final PDFs of the actor's organization's contracts named by `ids` as one ZIP, read
 * from the file store one entry at a time while the archive is read (yazl: each entry's stream is
 * opened when its turn comes, and the archive's stream is as fast as its reader), so 1,000 PDFs
 * cost the memory of one chunk, never the archive's size. Each entry is the same bytes the single
 * download (`GET /contracts/:id/documents/final`) answers, stored uncompressed (PDFs are
 * compressed already), named after its title. Every id must be one of the organization's
 * contracts, as the single download asks (another's is not found: 404, the whole selection); the
 * contracts without a sealed PDF are listed in `Not included.txt`, and a selection with none
 * sealed is refused (409) rather than answered with an empty archive.
 */
export async function writeSealedArchive(
  ctx: ServiceContext<'files'>,
  ids: readonly string[],
): Promise<SealedArchive> {
  const wanted = [...new Set(ids)];
  const rows: Selected[] = await ctx.db
    .select({
      id: contracts.id,
      title: contracts.title,
      status: contracts.status,
      sha256: documents.sha256,
      byteSize: documents.byteSize,
      inRow: sql<boolean | null>`${documents.bytes} is not null`,
      sealedAt: documents.createdAt,
    })
    .from(contracts)
    .leftJoin(documents, and(eq(documents.contractId, contracts.id), eq(documents.kind, 'final')))
    .where(and(inArray(contracts.id, wanted), ownContracts(ctx.actor), eq(contracts.isTemplate, false)));
  if (rows.length < wanted.length) {
    const found = new Set(rows.map((row) => row.id));
    const missing = wanted.filter((id) => !found.has(id));
    throw new AppError('NOT_FOUND', `Contract not found: ${missing.slice(0, 3).join(', ')}`);
  }
  const order = new Map(wanted.map((id, index) => [id, index]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const sealed = rows.filter((row) => row.sha256 !== null);
  if (sealed.length === 0) {
    throw new AppError(
      'DOCUMENT_NOT_READY',
      rows.length === 1
        ? 'This contract has no signed PDF yet: it is made once everyone has signed'
        : 'None of these contracts has a signed PDF yet: it is made once everyone has signed',
    );
  }
  const zip = new ZipFile();
  const nameOf = entryNamer();
  for (const row of sealed) {
    const name = nameOf(row.title);
    const options = {
      compress: false,
      ...(row.sealedAt ? { mtime: row.sealedAt } : {}),
      ...(row.byteSize !== null && !row.inRow ? { size: row.byteSize } : {}),
    };
    zip.addReadStreamLazy(name, options, (done) => {
      openSealed(ctx, row).then(
        (stream) => done(null, stream),
        (error: unknown) => done(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  }
  const left = rows.filter((row) => row.sha256 === null);
  if (left.length > 0) zip.addBuffer(Buffer.from(notIncludedText(left)), notIncludedName);
  zip.end();
  const stream = zip.outputStream as Readable;
  // A stored file gone missing meanwhile ends the download with an error, not a shorter archive.
  zip.on('error', (error: Error) => stream.destroy(error));
  const day = new Date().toISOString().slice(0, 10);
  return { stream, fileName: `Signed contracts ${day}.zip`, entries: sealed.length };
}

/** A sealed PDF's bytes as a stream: from the file store, or from its row for one stored before. */
async function openSealed(ctx: ServiceContext<'files'>, row: Selected): Promise<Readable> {
  const sha256 = row.sha256 as string;
  if (row.inRow) {
    const [document] = await ctx.db
      .select({ bytes: documents.bytes })
      .from(documents)
      .where(and(eq(documents.contractId, row.id), eq(documents.kind, 'final')));
    if (!document?.bytes) throw new Error(`The sealed document of ${row.id} is missing`);
    return Readable.from([Buffer.from(document.bytes)]);
  }
  const file = await storedFile(ctx.files, {
    sha256,
    fileName: '',
    ...(row.byteSize === null ? {} : { byteSize: row.byteSize }),
  });
  return file.open();
}

function notIncludedText(left: readonly Selected[]): string {
  const lines = left.map((row) => `- ${row.title} (${row.status}, id ${row.id})`);
  return [
    `${left.length === 1 ? 'This contract has' : 'These contracts have'} no signed PDF yet, so ${left.length === 1 ? 'it is' : 'they are'} not in this archive: a signed PDF is made once everyone has signed.`,
    '',
    ...lines,
    '',
  ].join('\r\n');
}
