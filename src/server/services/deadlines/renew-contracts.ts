import { and, eq, sql } from 'drizzle-orm';
import { dayOf, renewedEnd } from '../../../shared/terms';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { contracts, contractTerms, termFields } from '../../db/schema';
import { systemAuthor } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { rewriteDeadlines } from '../terms/write-terms';

/**
 * Moves on the end date of every signed contract that renews by itself once its end date has
 * passed (a sweep): by as many renewal periods as bring it to today or later, recorded as the
 * contract.renewed step. A fixed duration then reads as "until" the new end date (its months
 * counted from the effective date would give the old one). Its deadlines move with it, so the
 * next notice deadline is reminded of in turn.
 */
export async function renewContracts(db: Database, now = clock.now()): Promise<number> {
  const today = dayOf(now);
  const due = await db
    .select({ id: contractTerms.contractId })
    .from(contractTerms)
    .innerJoin(contracts, eq(contracts.id, contractTerms.contractId))
    .where(
      and(
        eq(contractTerms.renewal, 'automatic'),
        sql`${contractTerms.endOn} < ${today}::date`,
        eq(contracts.status, 'signed'),
        eq(contracts.isTemplate, false),
      ),
    )
    .limit(200);
  let renewed = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [contract] = await tx
        .select({
          id: contracts.id,
          organizationId: contracts.organizationId,
          status: contracts.status,
          isTemplate: contracts.isTemplate,
        })
        .from(contracts)
        .where(eq(contracts.id, id))
        .for('update', { skipLocked: true });
      if (!contract) return false;
      const [terms] = await tx
        .select()
        .from(contractTerms)
        .where(eq(contractTerms.contractId, id))
        .for('update');
      // Checked again under the lock: another process may have renewed it just now.
      if (!terms?.endOn || terms.renewal !== 'automatic' || !terms.renewalMonths || terms.endOn >= today) {
        return false;
      }
      const next = renewedEnd(terms.endOn, terms.renewalMonths, today);
      const after = {
        ...terms,
        endOn: next.endOn,
        duration: terms.duration === 'fixed' ? ('until' as const) : terms.duration,
        durationMonths: terms.duration === 'fixed' ? null : terms.durationMonths,
        updatedAt: now,
      };
      await tx
        .update(contractTerms)
        .set({
          endOn: after.endOn,
          duration: after.duration,
          durationMonths: after.durationMonths,
          updatedAt: now,
        })
        .where(eq(contractTerms.contractId, id));
      const fields = await tx
        .select()
        .from(termFields)
        .where(eq(termFields.organizationId, contract.organizationId));
      await rewriteDeadlines(tx, contract, after, fields);
      await transition(tx, {
        contract,
        step: 'contract.renewed',
        facts: { previousEndOn: terms.endOn, endOn: next.endOn, periods: String(next.periods) },
        author: systemAuthor,
        at: now,
      });
      return true;
    });
    if (done) renewed += 1;
  }
  return renewed;
}
