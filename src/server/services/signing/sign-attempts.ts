import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';

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
  const wait = await consumeRateLimit(db, `signer-sign:${signerId}`, rule);
  if (wait > 0) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many tries to sign this document in a short time. You can try again in ${Math.ceil(wait / 60)} minutes.`,
      undefined,
      wait,
    );
  }
}
