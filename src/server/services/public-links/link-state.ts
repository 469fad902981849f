import { and, eq, gte, sql } from 'drizzle-orm';
import type { PublicLinkState } from '../../../shared/api/public-links';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { type PublicLinkRow, publicLinkSubmissions } from '../../db/schema';

const dayMs = 24 * 60 * 60 * 1000;

/** The start of the UTC day a cap per day counts in. */
export const utcDayStart = (now: Date): Date => new Date(Math.floor(now.getTime() / dayMs) * dayMs);

export type SubmissionCounts = { total: number; today: number };

/** A link's submissions in all and this UTC day (with the link row locked, they cannot move meanwhile). */
export async function submissionCounts(db: Database, linkId: string, now: Date): Promise<SubmissionCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      today: sql<number>`(count(*) filter (where ${gte(publicLinkSubmissions.createdAt, utcDayStart(now))}))::int`,
    })
    .from(publicLinkSubmissions)
    .where(and(eq(publicLinkSubmissions.linkId, linkId)));
  return { total: row?.total ?? 0, today: row?.today ?? 0 };
}

type LinkSettings = Pick<PublicLinkRow, 'enabled' | 'expiresAt' | 'maxPerDay' | 'maxTotal'>;

/** What a link is doing now: taking submissions, turned off, expired, or at a cap. */
export function linkStateOf(link: LinkSettings, counts: SubmissionCounts, now: Date): PublicLinkState {
  if (!link.enabled) return 'off';
  if (link.expiresAt && link.expiresAt <= now) return 'expired';
  if (link.maxTotal !== null && counts.total >= link.maxTotal) return 'full';
  if (link.maxPerDay !== null && counts.today >= link.maxPerDay) return 'full_today';
  return 'active';
}

/** The answer of a link that may not take a submission now, worded for its visitor; null when it may. */
export function closedLinkError(state: PublicLinkState): AppError | null {
  switch (state) {
    case 'active':
      return null;
    case 'off':
      return notFoundError();
    case 'expired':
      return new AppError('PUBLIC_LINK_CLOSED', 'This link has expired: it no longer takes submissions.');
    case 'full':
      return new AppError(
        'PUBLIC_LINK_CLOSED',
        'This link has taken all the submissions it accepts: it takes no more.',
      );
    case 'full_today':
      return new AppError(
        'PUBLIC_LINK_CLOSED',
        'This link has taken all the submissions it accepts today. Try again tomorrow.',
      );
  }
}

/** An unknown link and one turned off answer alike: nothing tells them apart. */
export function notFoundError(): AppError {
  return new AppError('NOT_FOUND', 'This link is not valid, or it was turned off.');
}
