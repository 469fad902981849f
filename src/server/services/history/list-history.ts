import { asc, eq } from 'drizzle-orm';
import type { ChainVerification, HistoryEntry } from '../../../shared/api/history';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { contractHistory } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { presentHistoryEntry } from '../../presenters/history';
import { verifyChain } from './hash-chain';

async function historyOf(db: Database, actor: Actor, contractId: string) {
  const contract = await findOwnContract(db, actor, contractId, { content: false });
  const rows = await db
    .select()
    .from(contractHistory)
    .where(eq(contractHistory.contractId, contract.id))
    .orderBy(asc(contractHistory.seq));
  return { rows, head: { length: contract.historyLength, hash: contract.historyHead } };
}

/** A contract's history, oldest first. */
export async function listHistory(ctx: ServiceContext, contractId: string): Promise<HistoryEntry[]> {
  const { db, actor } = ctx;
  return (await historyOf(db, actor, contractId)).rows.map(presentHistoryEntry);
}

/** Recomputes a contract's hash chain from the stored entries. */
export async function verifyHistory(ctx: ServiceContext, contractId: string): Promise<ChainVerification> {
  const { db, actor } = ctx;
  const { rows, head } = await historyOf(db, actor, contractId);
  return verifyChain(rows, head);
}
