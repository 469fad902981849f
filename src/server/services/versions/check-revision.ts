import { desc, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { type ContractRow, contractHistory } from '../../db/schema';

/**
 * Refuses a change made on an older revision of a draft than the one stored (someone saved in
 * between), naming who changed it last and when, so the person can compare before deciding.
 * Called in the transaction that holds the contract's row lock. Without a base revision the
 * caller did not read first (an API client), and the change applies to what is stored. `then`
 * tells the person what became of what they asked (by default: their changes wait, unsaved).
 */
export async function checkRevision(
  tx: Database,
  row: Pick<ContractRow, 'id' | 'revision'>,
  baseRevision: number | undefined,
  then = 'Your changes are not saved yet: nothing is lost.',
): Promise<void> {
  if (baseRevision === undefined || baseRevision === row.revision) return;
  const [last] = await tx
    .select({ userName: contractHistory.userName, timestamp: contractHistory.timestamp })
    .from(contractHistory)
    .where(eq(contractHistory.contractId, row.id))
    .orderBy(desc(contractHistory.seq))
    .limit(1);
  const who = last
    ? `${last.userName} saved it at ${last.timestamp.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : 'it was saved meanwhile';
  throw new AppError('CONTRACT_CHANGED', `This contract changed since you opened it (${who}). ${then}`);
}
