import { eq } from 'drizzle-orm';
import ical from 'ical-generator';
import { AppError } from '../../../shared/errors';
import { addDays, dayOf } from '../../../shared/terms';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { deadlinePreferences, memberships } from '../../db/schema';
import { hashLinkToken } from '../signing/link-token';
import { deadlinesBetween, presentDeadline } from './list-deadlines';

/** How far a feed looks back and ahead, and the most events it holds. */
export const feedLimits = { daysBack: 60, daysAhead: 800, events: 2000 } as const;

const feedFile = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * A person's calendar feed at its secret address: an all-day event for each deadline of the
 * contracts they own or watch, in every organization they belong to. An address that is not a
 * feed's (guessed, revoked, replaced) is a 404 like any missing page.
 */
export async function calendarFeed(db: Database, file: string, appUrl: URL): Promise<string> {
  const token = feedFile.exec(file)?.[1];
  const [owner] = token
    ? await db
        .select({ userId: deadlinePreferences.userId })
        .from(deadlinePreferences)
        .where(eq(deadlinePreferences.feedTokenHash, hashLinkToken(token)))
    : [];
  if (!owner) throw new AppError('NOT_FOUND', 'No such calendar feed');
  const organizations = await db
    .select({ id: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, owner.userId));
  const today = dayOf(clock.now());
  const rows =
    organizations.length === 0
      ? []
      : await deadlinesBetween(
          db,
          { organizationIds: organizations.map((row) => row.id), userId: owner.userId },
          addDays(today, -feedLimits.daysBack),
          addDays(today, feedLimits.daysAhead),
          feedLimits.events,
        );
  const calendar = ical({
    name: 'Pactum deadlines',
    prodId: { company: 'Pactum', product: 'Pactum', language: 'EN' },
    ttl: 60 * 60,
  });
  for (const row of rows) {
    const deadline = presentDeadline(row, today);
    const link = new URL(`/contracts/${deadline.contractId}`, appUrl).href;
    calendar.createEvent({
      id: `${deadline.contractId}-${deadline.kind}-${deadline.key || 'date'}@pactum`,
      start: new Date(`${deadline.dueOn}T00:00:00Z`),
      allDay: true,
      timezone: 'UTC',
      summary: `${deadline.label}: ${deadline.contractTitle}`,
      description: [
        `${deadline.label} of "${deadline.contractTitle}"`,
        deadline.counterparty ? `Counterparty: ${deadline.counterparty}` : null,
        deadline.renews ? 'Renews automatically at its end date unless notice is given.' : null,
        link,
      ]
        .filter(Boolean)
        .join('\n'),
      url: link,
      stamp: clock.now(),
    });
  }
  return calendar.toString();
}
