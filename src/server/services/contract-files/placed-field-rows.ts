import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContractFieldRow, contractFields, contractFiles } from '../../db/schema';

/** A contract's placed fields in reading order: by document, page, then from the top left. */
export async function placedFieldRows(db: Database, contractId: string): Promise<ContractFieldRow[]> {
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
  return rows.map((row) => row.field);
}
