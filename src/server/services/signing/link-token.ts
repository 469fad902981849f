import { createHash, randomBytes } from 'node:crypto';

/**
 * 256 random bits for one link (a signer's signing or download link, a reviewer's link); it goes
 * into one e-mail and is never stored.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** The only form of a link's token the database keeps. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
