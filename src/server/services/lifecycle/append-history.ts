import { desc, eq } from 'drizzle-orm';
import type { HistoryAction } from '../../../shared/api/history';
import type { Database } from '../../db/client';
import { contractHistory, contracts } from '../../db/schema';
import { type ChainedEntry, chainHash, genesisHash } from '../history/hash-chain';

export type HistoryAuthor = {
  userId: string | null;
  userName: string;
  ip: string | null;
  userAgent: string | null;
};

/**
 * Appends one entry to a contract's hash chain. Must run inside the transaction that makes the
 * change: the contract row is locked first, so two writers can never chain onto the same entry.
 */
export async function appendHistory(
  tx: Database,
  input: {
    contractId: string;
    action: HistoryAction;
    details?: string | null;
    author: HistoryAuthor;
    at?: Date;
  },
): Promise<void> {
  await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.id, input.contractId))
    .for('update');
  const [last] = await tx
    .select({ seq: contractHistory.seq, hash: contractHistory.hash })
    .from(contractHistory)
    .where(eq(contractHistory.contractId, input.contractId))
    .orderBy(desc(contractHistory.seq))
    .limit(1);
  const entry: ChainedEntry = {
    contractId: input.contractId,
    seq: (last?.seq ?? 0) + 1,
    timestamp: input.at ?? new Date(),
    action: input.action,
    userId: input.author.userId,
    userName: input.author.userName,
    details: input.details ?? null,
    ip: input.author.ip,
    userAgent: input.author.userAgent,
  };
  const prevHash = last?.hash ?? genesisHash;
  const hash = chainHash(prevHash, entry);
  await tx.insert(contractHistory).values({ ...entry, prevHash, hash });
  await tx
    .update(contracts)
    .set({ historyLength: entry.seq, historyHead: hash })
    .where(eq(contracts.id, input.contractId));
}
