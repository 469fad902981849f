import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

export const notificationKinds = [
  'viewed',
  'signed',
  'declined',
  'completed',
  'expired',
  'mail_failed',
  'signer_locked',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Tells the contract's owner (the user who created it) about an event, in the same transaction. */
export async function notifyOwner(
  tx: Database,
  input: {
    contract: { id: string; createdBy: string | null };
    kind: NotificationKind;
    message: string;
    at?: Date;
  },
): Promise<void> {
  if (!input.contract.createdBy) return;
  await tx.insert(notifications).values({
    userId: input.contract.createdBy,
    contractId: input.contract.id,
    kind: input.kind,
    message: input.message,
    createdAt: input.at ?? new Date(),
  });
}
