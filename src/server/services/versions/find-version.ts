import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { contractVersions } from '../../db/schema';

/** One version of a contract the caller has already found in scope; 404 if there is no such number. */
export async function findVersion(db: Database, contractId: string, number: number) {
  const [row] = await db
    .select()
    .from(contractVersions)
    .where(and(eq(contractVersions.contractId, contractId), eq(contractVersions.number, number)));
  if (!row) throw new AppError('NOT_FOUND', `Version ${number} not found`);
  return row;
}
