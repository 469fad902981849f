import type { NotificationKind } from '../../../shared/api/notifications';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

export type Notice = {
  /** Who reads it in their bell. */
  userIds: readonly string[];
  kind: NotificationKind;
  message: string;
  contractId: string | null;
  /** The event it tells of: a person is told of an event once, however often the job runs. */
  eventId: string | null;
  at: Date;
};

/**
 * The one writer of bell notices (tests/unit/lifecycle-boundary.test.ts): the owner's notices of
 * a step (declared in ./steps.ts), approvals, mentions, and an organization's endpoint turned off.
 */
export async function notify(tx: Database, notice: Notice): Promise<void> {
  const userIds = [...new Set(notice.userIds)];
  if (userIds.length === 0) return;
  await tx
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        userId,
        contractId: notice.contractId,
        kind: notice.kind,
        message: notice.message,
        eventId: notice.eventId,
        createdAt: notice.at,
      })),
    )
    .onConflictDoNothing();
}
