import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, signers } from '../../db/schema';

/**
 * The number a recipient added while out takes: after every number the contract has had, a
 * removed recipient's included (its removal's event keeps it), so no number ever means two people.
 */
export async function nextRecipientNumber(tx: Database, contractId: string): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number>`coalesce(max(${signers.position}), 0)::int` })
    .from(signers)
    .where(eq(signers.contractId, contractId));
  const [removed] = await tx
    .select({ max: sql<number>`coalesce(max((${events.data}->>'number')::int), 0)::int` })
    .from(events)
    .where(and(eq(events.contractId, contractId), eq(events.type, 'signer.removed')));
  return Math.max(row?.max ?? 0, removed?.max ?? 0) + 1;
}
