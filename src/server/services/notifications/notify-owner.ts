import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contracts, notifications } from '../../db/schema';

export const notificationKinds = [
  'viewed',
  'signed',
  'declined',
  'completed',
  'expired',
  'mail_failed',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Tells the contract's owner (the user who created it) about an event, in the same transaction. */
export async function notifyOwner(
  tx: Database,
  input: { contractId: string; kind: NotificationKind; message: string; at?: Date },
): Promise<void> {
  const [contract] = await tx
    .select({ owner: contracts.createdBy })
    .from(contracts)
    .where(eq(contracts.id, input.contractId));
  if (!contract?.owner) return;
  await tx.insert(notifications).values({
    userId: contract.owner,
    contractId: input.contractId,
    kind: input.kind,
    message: input.message,
    createdAt: input.at ?? new Date(),
  });
}
