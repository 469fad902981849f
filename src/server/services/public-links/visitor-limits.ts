import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';

const hourMs = 60 * 60 * 1000;

/**
 * What one address may do with public links, counted before any lock or work (each start may
 * freeze a PDF and make a contract): a person fills a form once or twice, a few times when they
 * mistyped; a flood stops there, and other addresses go on being served. Codes are also limited
 * per e-mail address, so nobody makes a link mail someone again and again from many addresses.
 */
export const visitorLimits = {
  startsPerLinkAndAddress: { limit: 10, windowMs: hourMs },
  startsPerAddress: { limit: 30, windowMs: hourMs },
  codesPerEmail: { limit: 5, windowMs: hourMs },
  confirmsPerAddress: { limit: 30, windowMs: hourMs },
} satisfies Record<string, RateLimitRule>;

function tooMany(wait: number, what: string): AppError {
  const minutes = Math.max(1, Math.ceil(wait / 60));
  return new AppError(
    'RATE_LIMITED',
    `Too many ${what} from your address in a short time. You can try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    undefined,
    wait,
  );
}

async function count(db: Database, key: string, rule: RateLimitRule, what: string): Promise<void> {
  const wait = await consumeRateLimit(db, key, rule, clock.now());
  if (wait > 0) throw tooMany(wait, what);
}

/** A visitor's start (name and address given), counted for this link and for the address in all. */
export async function countVisitorStart(db: Database, linkId: string, ip: string | null): Promise<void> {
  const address = ip ?? 'unknown';
  await count(
    db,
    `public-link-start:${linkId}:${address}`,
    visitorLimits.startsPerLinkAndAddress,
    'submissions',
  );
  await count(db, `public-link-start:${address}`, visitorLimits.startsPerAddress, 'submissions');
}

/** A code e-mailed to one address through one link. */
export async function countVisitorCode(db: Database, linkId: string, email: string): Promise<void> {
  const wait = await consumeRateLimit(db, `public-link-code:${linkId}:${email}`, visitorLimits.codesPerEmail);
  if (wait > 0) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many codes were sent to this address. You can ask for another in ${Math.ceil(wait / 60)} minutes.`,
      undefined,
      wait,
    );
  }
}

/** A try at a code, from one address. */
export async function countVisitorConfirm(db: Database, ip: string | null): Promise<void> {
  await count(db, `public-link-confirm:${ip ?? 'unknown'}`, visitorLimits.confirmsPerAddress, 'codes');
}
