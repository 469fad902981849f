import { desc, eq } from 'drizzle-orm';
import type { OutboxList } from '../../../shared/api/mail';
import type { ServiceContext } from '../../context';
import { mailMessages } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { presentOutboxItem } from '../../presenters/mail';

/**
 * The organization's outgoing mail, newest first, with the bodies the local outbox kept (never a
 * link that lets its reader act as the recipient). Admins only, signed in: API tokens never reach it.
 */
export async function listOutbox(ctx: ServiceContext<'smtp'>): Promise<OutboxList> {
  const { db, actor, smtp } = ctx;
  requireAdmin(actor, 'read the mail outbox');
  const rows = await db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.organizationId, actor.organizationId))
    .orderBy(desc(mailMessages.createdAt))
    .limit(100);
  return {
    smtp,
    // A password reset is about one person's account: only its owner sees its text.
    items: rows.map((row) =>
      presentOutboxItem(row, row.kind !== 'password_reset' || row.params.userId === actor.userId),
    ),
  };
}
