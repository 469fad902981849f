import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { consumeRateLimit, type RateLimitRule, rateLimitWait } from '../rate-limits/consume-rate-limit';

/**
 * Ten tries to sign in ten minutes per signer: room for a few corrections, not for sending a
 * costly refused signature (its pictures and patterns checked each time) again and again.
 */
export const signAttemptLimit: RateLimitRule = { limit: 10, windowMs: 10 * 60 * 1000 };

/**
 * Counts a try to sign, before any of its work and outside its transaction (a refused try is
 * counted too), and refuses one past the limit, saying when to try again.
 */
export async function countSignAttempt(
  db: Database,
  signerId: string,
  rule = signAttemptLimit,
): Promise<void> {
  const wait = await consumeRateLimit(db, signAttemptKey(signerId), rule);
  if (wait > 0) throw tooManyTries(wait);
}

/**
 * Refuses a try of a signer already past the limit before its body (up to a megabyte of pictures
 * and values) is read and parsed: refused tries sent in a loop cost the server thread nothing more.
 */
export async function refuseSignAttemptEarly(
  db: Database,
  signerId: string,
  rule = signAttemptLimit,
): Promise<void> {
  const wait = await rateLimitWait(db, signAttemptKey(signerId), rule);
  if (wait > 0) throw tooManyTries(wait);
}

const signAttemptKey = (signerId: string) => `signer-sign:${signerId}`;

const tooManyTries = (wait: number) =>
  new AppError(
    'RATE_LIMITED',
    `Too many tries to sign this document in a short time. You can try again in ${Math.ceil(wait / 60)} minutes.`,
    undefined,
    wait,
  );
