import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { contracts, organizations, signers } from '../../db/schema';
import { queueReminder } from '../contracts/remind-signer';
import { systemAuthor } from '../history/author-of';

/**
 * Reminds every recipient who was invited, may act now (not a CC), and has heard nothing for the
 * organization's reminder interval. Each reminder moves the signer's clock, so it is not due
 * again until another interval has passed.
 */
export async function sendDueReminders(db: Database, now = clock.now()): Promise<number> {
  const due = await db
    .select({ signerId: signers.id, contractId: signers.contractId })
    .from(signers)
    .innerJoin(contracts, eq(contracts.id, signers.contractId))
    .innerJoin(organizations, eq(organizations.id, contracts.organizationId))
    .where(
      and(
        eq(contracts.status, 'sent'),
        inArray(signers.status, ['pending', 'viewed']),
        // A CC has nothing to do, so nothing to be reminded of (and would fill the batch forever).
        ne(signers.role, 'cc'),
        // Another app shows an embedded recipient their page: there is no one to e-mail.
        eq(signers.delivery, 'email'),
        // A viewer's part is done once they opened it.
        or(ne(signers.role, 'viewer'), eq(signers.status, 'pending')),
        isNotNull(signers.invitedAt),
        isNotNull(organizations.reminderIntervalDays),
        sql`coalesce(${signers.lastRemindedAt}, ${signers.invitedAt}) + make_interval(days => ${organizations.reminderIntervalDays}) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(500);
  let sent = 0;
  for (const { signerId, contractId } of due) {
    const reminded = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: contracts.id })
        .from(contracts)
        .where(eq(contracts.id, contractId))
        .for('update', { skipLocked: true });
      if (!locked) return false;
      // Checked again under the lock: another process may have reminded this signer just now.
      const [signer] = await tx
        .select({ last: signers.lastRemindedAt, invited: signers.invitedAt })
        .from(signers)
        .where(eq(signers.id, signerId));
      const last = signer?.last ?? signer?.invited;
      if (!last || (signer?.last && now.getTime() - signer.last.getTime() < 60_000)) return false;
      try {
        await queueReminder(tx, { contractId, signerId, author: systemAuthor, automatic: true, now });
        return true;
      } catch (error) {
        // Not signable any more (a sequential signer waiting, an expiry just passed): no reminder.
        if (error instanceof AppError && error.code === 'SIGNING_CLOSED') return false;
        throw error;
      }
    });
    if (reminded) sent += 1;
  }
  return sent;
}
