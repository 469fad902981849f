import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { consumeRateLimit, type RateLimitRule } from './consume-rate-limit';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

type OutgoingMailLimit = RateLimitRule & { what: string; per: string };

/**
 * How much mail to addresses of their choosing the members of one organization may have Pactum
 * send: anyone can sign up and become a member, and each of these mails carries text they wrote
 * (a title, an organization's name) from this instance's domain. Far above what a real team
 * sends (a busy legal team runs a few review rounds a day, a sales team sends some dozens of
 * contracts), low enough that the instance is no use as a spam relay. Counted per organization
 * in fixed windows (the hour, the UTC day), shared by every app process.
 */
export const outgoingMailLimits = {
  reviewRounds: { limit: 30, windowMs: hourMs, what: 'review rounds', per: 'an hour' },
  reviewRecipients: { limit: 300, windowMs: dayMs, what: 'review invitations', per: 'a day' },
  /** Every signer of a contract sent (each is mailed in turn), and each reminder a sender asks for. */
  signingRecipients: {
    limit: 1000,
    windowMs: dayMs,
    what: 'signing invitations and reminders',
    per: 'a day',
  },
  teamInvitations: { limit: 100, windowMs: dayMs, what: 'team invitations', per: 'a day' },
} satisfies Record<string, OutgoingMailLimit>;

export type LimitedMail = keyof typeof outgoingMailLimits;

function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`;
  if (seconds < 2 * 3600) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/**
 * Counts `amount` mails of one kind against the organization, and refuses (429 with
 * Retry-After) what would take it past its limit. Called in the transaction that queues the
 * mail: a refusal rolls the count back with everything else, and the counter's row lock makes
 * parallel requests of one organization count one after another.
 */
export async function consumeOutgoingMail(
  tx: Database,
  organizationId: string,
  kind: LimitedMail,
  amount: number,
  now = clock.now(),
): Promise<void> {
  const rule = outgoingMailLimits[kind];
  const wait = await consumeRateLimit(tx, `outgoing-mail:${kind}:${organizationId}`, rule, now, amount);
  if (wait === 0) return;
  throw new AppError(
    'RATE_LIMITED',
    `Your organization can send at most ${rule.limit} ${rule.what} ${rule.per}, and this would go past it. Try again in ${waitText(wait)}.`,
    undefined,
    wait,
  );
}
