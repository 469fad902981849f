import { and, eq } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { contractWatchers } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { requirePerson } from './deadline-preferences';

const watcher = (contractId: string, userId: string) =>
  and(eq(contractWatchers.contractId, contractId), eq(contractWatchers.userId, userId));

/** Whether the actor watches a contract: hears of its deadlines, as its owner does. */
export async function isWatching(ctx: ServiceContext, contractId: string): Promise<boolean> {
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { content: false, kind: 'contract' });
  const [row] = await ctx.db
    .select({ userId: contractWatchers.userId })
    .from(contractWatchers)
    .where(watcher(contract.id, ctx.actor.userId));
  return Boolean(row);
}

/** Starts or stops watching one of the organization's contracts. */
export async function setWatching(
  ctx: ServiceContext,
  contractId: string,
  watching: boolean,
): Promise<boolean> {
  requirePerson(ctx);
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { content: false, kind: 'contract' });
  if (watching) {
    await ctx.db
      .insert(contractWatchers)
      .values({ contractId: contract.id, userId: ctx.actor.userId })
      .onConflictDoNothing();
  } else {
    await ctx.db.delete(contractWatchers).where(watcher(contract.id, ctx.actor.userId));
  }
  return watching;
}
