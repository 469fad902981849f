import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the cookie a signing link is exchanged for stays good. */
export const signingCookieTtlMs = 60 * 60 * 1000;

/** One cookie per signer, sent only to that signer's API paths. */
export function signingCookieName(signerId: string): string {
  return `pactum_sign_${signerId.replaceAll('-', '')}`;
}

export function signingCookiePath(signerId: string): string {
  return `/api/signing/${signerId}`;
}

function mac(secret: string, signerId: string, expires: number): string {
  return createHmac('sha256', secret).update(`signing:${signerId}:${expires}`).digest('base64url');
}

/** A value that proves the holder opened this signer's link, until it expires. */
export function issueSigningCookie(secret: string, signerId: string, now = Date.now()) {
  const expires = now + signingCookieTtlMs;
  return { value: `${expires}.${mac(secret, signerId, expires)}`, expires: new Date(expires) };
}

export function verifySigningCookie(
  secret: string,
  signerId: string,
  value: string | undefined,
  now = Date.now(),
): boolean {
  if (!value || value.length > 200) return false;
  const [expiresText, given] = value.split('.');
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(expires) || expires < now || !given) return false;
  const expected = Buffer.from(mac(secret, signerId, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
