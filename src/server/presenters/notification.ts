import type { Notification } from '../../shared/api/notifications';
import type { NotificationRow } from '../db/schema';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    contractId: row.contractId,
    kind: row.kind,
    message: row.message,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
