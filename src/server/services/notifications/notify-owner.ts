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
  'suggested',
  'commented',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Tells the contract's owner (the user who created it) about an event, once per event. */
export async function notifyOwner(
  db: Database,
  input: {
    contract: { id: string; createdBy: string | null };
    kind: NotificationKind;
    message: string;
    at: Date;
    eventId: string;
  },
): Promise<void> {
  if (!input.contract.createdBy) return;
  await db
    .insert(notifications)
    .values({
      userId: input.contract.createdBy,
      contractId: input.contract.id,
      kind: input.kind,
      message: input.message,
      eventId: input.eventId,
      createdAt: input.at,
    })
    .onConflictDoNothing();
}
