import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { NotificationList } from '../../../shared/api/notifications';
import type { ServiceContext } from '../../context';
import { notifications } from '../../db/schema';
import { presentNotification } from '../../presenters/notification';

/** The actor's newest notifications and how many are unread. */
export async function listNotifications(ctx: ServiceContext, limit = 20): Promise<NotificationList> {
  const { db, actor } = ctx;
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, actor.userId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt)));
  return {
    items: rows.map(presentNotification),
    unread: unread?.n ?? 0,
  };
}

/** Marks the given notifications (or all) of the actor read. */
export async function markNotificationsRead(ctx: ServiceContext, ids?: readonly string[]): Promise<void> {
  const { db, actor } = ctx;
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, actor.userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    );
}
