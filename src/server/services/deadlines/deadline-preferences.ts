import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CalendarFeed,
  DeadlinePreferences,
  updateDeadlinePreferencesBodySchema,
} from '../../../shared/api/deadlines';
import { AppError } from '../../../shared/errors';
import { defaultLeadDays, normalLeadDays } from '../../../shared/terms';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { deadlinePreferences } from '../../db/schema';
import { newLinkToken } from '../signing/link-token';

/** A person's own: an API token acts for the organization, not for one person's reminders. */
export function requirePerson(ctx: ServiceContext): void {
  if (ctx.actor.apiToken) {
    throw new AppError(
      'FORBIDDEN',
      "Reminder settings and calendar feeds are each member's own: sign in to change them",
    );
  }
}

/** How the actor hears of deadlines (the defaults until they choose). */
export async function getDeadlinePreferences(ctx: ServiceContext): Promise<DeadlinePreferences> {
  const [row] = await ctx.db
    .select()
    .from(deadlinePreferences)
    .where(eq(deadlinePreferences.userId, ctx.actor.userId));
  return {
    leadDays: row ? row.leadDays : [...defaultLeadDays],
    digest: row?.digest ?? false,
    feed: row?.feedTokenHash && row.feedCreatedAt ? { createdAt: row.feedCreatedAt.toISOString() } : null,
  };
}

export async function updateDeadlinePreferences(
  ctx: ServiceContext,
  input: z.infer<typeof updateDeadlinePreferencesBodySchema>,
): Promise<DeadlinePreferences> {
  requirePerson(ctx);
  const current = await getDeadlinePreferences(ctx);
  const leadDays = normalLeadDays(input.leadDays ?? current.leadDays);
  const digest = input.digest ?? current.digest;
  await ctx.db
    .insert(deadlinePreferences)
    .values({ userId: ctx.actor.userId, leadDays, digest, updatedAt: clock.now() })
    .onConflictDoUpdate({
      target: deadlinePreferences.userId,
      set: { leadDays, digest, updatedAt: clock.now() },
    });
  return getDeadlinePreferences(ctx);
}

/**
 * A new secret address for the actor's calendar feed; the one before stops working. Only its
 * hash is kept, so the address is shown this once.
 */
export async function makeCalendarFeed(ctx: ServiceContext, appUrl: string): Promise<CalendarFeed> {
  requirePerson(ctx);
  const { token, hash } = newLinkToken();
  const now = clock.now();
  const current = await getDeadlinePreferences(ctx);
  await ctx.db
    .insert(deadlinePreferences)
    .values({ userId: ctx.actor.userId, leadDays: current.leadDays, feedTokenHash: hash, feedCreatedAt: now })
    .onConflictDoUpdate({
      target: deadlinePreferences.userId,
      set: { feedTokenHash: hash, feedCreatedAt: now, updatedAt: now },
    });
  return { url: new URL(`/api/calendar-feeds/${token}.ics`, appUrl).href, createdAt: now.toISOString() };
}

/** Turns the feed off: its address answers 404 from now on. */
export async function revokeCalendarFeed(ctx: ServiceContext): Promise<void> {
  requirePerson(ctx);
  await ctx.db
    .update(deadlinePreferences)
    .set({ feedTokenHash: null, feedCreatedAt: null, updatedAt: clock.now() })
    .where(eq(deadlinePreferences.userId, ctx.actor.userId));
}
