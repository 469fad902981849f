import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { signers } from '../../db/schema';
import { type SignerSummaryRow, signerColumns } from '../../presenters/contract';

// Every list page asks this: prepared once, the ids bound as one array.
const signersOf = preparedOnce((db) =>
  db
    .select(signerColumns)
    .from(signers)
    .where(sql`${signers.contractId} = any(${sql.placeholder('contractIds')}::uuid[])`)
    .orderBy(asc(signers.position), asc(signers.createdAt))
    .prepare('load_signers'),
);

/** The signers of several contracts in one query, in signing order, keyed by contract id. */
export async function loadSigners(
  db: Database,
  contractIds: readonly string[],
): Promise<Map<string, SignerSummaryRow[]>> {
  const byContract = new Map<string, SignerSummaryRow[]>(contractIds.map((id) => [id, []]));
  if (contractIds.length === 0) return byContract;
  const rows = await signersOf(db).execute({ contractIds: [...contractIds] });
  for (const row of rows) byContract.get(row.contractId)?.push(row);
  return byContract;
}
