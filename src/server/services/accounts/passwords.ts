import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// The library's default algorithm is argon2id; these are OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashes at once per process: all cores but one. Each takes tens of milliseconds of a
 * core; fifty sign-ins at once would otherwise take every core and leave nothing for anyone
 * else's request (a p99 of 1.8 s for /api/health on two cores). Queued, they wait their turn.
 */
const oneAtATime = pLimit(Math.max(1, availableParallelism() - 1));

export function hashPassword(password: string): Promise<string> {
  return oneAtATime(() => hash(password, options));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return oneAtATime(() => verify(passwordHash, password, options));
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account to check against, so the
 * answer's timing does not tell whether an e-mail has an account.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no account has this password');
  const known = await dummyHash;
  await oneAtATime(() => verify(known, password, options));
  return false;
}
