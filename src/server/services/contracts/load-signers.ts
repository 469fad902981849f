import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signers } from '../../db/schema';
import type { SignerRow } from '../../presenters/contract';

/** The signers of several contracts in one query, in signing order, keyed by contract id. */
export async function loadSigners(
  db: Database,
  contractIds: readonly string[],
): Promise<Map<string, SignerRow[]>> {
  const byContract = new Map<string, SignerRow[]>(contractIds.map((id) => [id, []]));
  if (contractIds.length === 0) return byContract;
  const rows = await db
    .select()
    .from(signers)
    .where(inArray(signers.contractId, [...contractIds]))
    .orderBy(asc(signers.signingOrder), asc(signers.createdAt));
  for (const row of rows) byContract.get(row.contractId)?.push(row);
  return byContract;
}
