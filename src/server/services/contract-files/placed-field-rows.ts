import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContractFieldRow, contractFields, contractFiles, type PdfFieldRow } from '../../db/schema';

/**
 * A contract's fields placed on its PDFs, in reading order: by document, page, then from the top
 * left. Fields written in the drafted text are not among them: they are placed at send.
 */
export async function placedFieldRows(db: Database, contractId: string): Promise<PdfFieldRow[]> {
  const rows = await db
    .select({ field: contractFields })
    .from(contractFields)
    .innerJoin(contractFiles, eq(contractFiles.id, contractFields.fileId))
    .where(eq(contractFields.contractId, contractId))
    .orderBy(
      asc(contractFiles.position),
      asc(contractFields.page),
      asc(contractFields.y),
      asc(contractFields.x),
    );
  return rows.map((row) => row.field as PdfFieldRow);
}

/**
 * A field of a sent contract, with the page of the document as sent it is on, and the name of the
 * document it belongs to (null for the drafted text).
 */
export type SentFieldRow = { field: ContractFieldRow; page: number; fileName: string | null };

/**
 * Every field of a sent contract, those on its PDFs and those written in its text, in the reading
 * order of the document as sent. A PDF's fields count from its first page there (set at send);
 * the text's were placed at send on the document's own pages.
 */
export async function sentFieldRows(
  db: Database,
  contractId: string,
  only: { filled?: boolean } = {},
): Promise<SentFieldRow[]> {
  const page: SQL<number> = sql<number>`(coalesce(${contractFiles.firstPage}, 0) + ${contractFields.page})::int`;
  const rows = await db
    .select({ field: contractFields, page, fileName: contractFiles.name, firstPage: contractFiles.firstPage })
    .from(contractFields)
    .leftJoin(contractFiles, eq(contractFiles.id, contractFields.fileId))
    .where(
      and(
        eq(contractFields.contractId, contractId),
        only.filled ? isNotNull(contractFields.filledValue) : undefined,
      ),
    )
    .orderBy(asc(page), asc(contractFields.y), asc(contractFields.x));
  // A PDF's fields have a place in what was signed only once it was sent.
  return rows
    .filter((row) => row.field.fileId === null || row.firstPage !== null)
    .map((row) => ({ field: row.field, page: Number(row.page), fileName: row.fileName }));
}
