import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits for one signing link; it goes into one e-mail and is never stored. */
export function newSigningToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSigningToken(token) };
}

/** The only form of a signing token the database keeps. */
export function hashSigningToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
