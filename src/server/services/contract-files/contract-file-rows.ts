import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContractFileRow, contractFiles } from '../../db/schema';

/** A draft's PDFs in their order (read inside the transaction that locked the contract). */
export function contractFileRows(tx: Database, contractId: string): Promise<ContractFileRow[]> {
  return tx
    .select()
    .from(contractFiles)
    .where(eq(contractFiles.contractId, contractId))
    .orderBy(asc(contractFiles.position), asc(contractFiles.createdAt));
}
