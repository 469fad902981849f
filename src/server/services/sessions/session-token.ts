import { createHmac, randomBytes } from 'node:crypto';

/** 256 random bits, handed to the browser once and never stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token: a keyed hash, useless without the secret. */
export function hashSessionToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}
