import type { Notification } from '../../shared/api/notifications';
import type { notifications } from '../db/schema';

export function presentNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    contractId: row.contractId,
    kind: row.kind,
    message: row.message,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
