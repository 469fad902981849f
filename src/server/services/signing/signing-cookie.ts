import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the cookie a signing link is exchanged for stays good. */
export const signingCookieTtlMs = 60 * 60 * 1000;

/** A check the signer passed in this browser: the access code, the e-mailed one-time code. */
export type SignerCheck = 'access_code' | 'email_code';

const letterOf: Record<SignerCheck, string> = { access_code: 'a', email_code: 'e' };
const checkOf: Record<string, SignerCheck> = { a: 'access_code', e: 'email_code' };

/** One cookie per signer, sent only to that signer's API paths. */
export function signingCookieName(signerId: string): string {
  return `pactum_sign_${signerId.replaceAll('-', '')}`;
}

export function signingCookiePath(signerId: string): string {
  return `/api/signing/${signerId}`;
}

/** The passed checks as the cookie carries them: sorted letters, '-' for none. */
function encodeChecks(checks: ReadonlySet<SignerCheck>): string {
  const letters = [...checks].map((check) => letterOf[check]).sort();
  return letters.length > 0 ? letters.join('') : '-';
}

function mac(secret: string, signerId: string, expires: number, checks: string): string {
  return createHmac('sha256', secret).update(`signing:${signerId}:${expires}:${checks}`).digest('base64url');
}

/**
 * A value that proves the holder opened this signer's link, and which of the signer's checks
 * they passed, until it expires. The checks are inside the HMAC: a holder cannot add one.
 */
export function issueSigningCookie(
  secret: string,
  signerId: string,
  checks: ReadonlySet<SignerCheck> = new Set(),
  now = Date.now(),
) {
  const expires = now + signingCookieTtlMs;
  const encoded = encodeChecks(checks);
  return {
    value: `${expires}.${encoded}.${mac(secret, signerId, expires, encoded)}`,
    expires: new Date(expires),
  };
}

/** The checks a valid cookie carries, or null for a missing, altered or expired one. */
export function verifySigningCookie(
  secret: string,
  signerId: string,
  value: string | undefined,
  now = Date.now(),
): { checks: Set<SignerCheck> } | null {
  if (!value || value.length > 200) return null;
  const [expiresText, encoded, given, ...rest] = value.split('.');
  const expires = Number(expiresText);
  if (rest.length > 0 || !Number.isSafeInteger(expires) || expires < now || !encoded || !given) return null;
  if (!/^(-|a|e|ae)$/.test(encoded)) return null;
  const expected = Buffer.from(mac(secret, signerId, expires, encoded));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const checks = new Set<SignerCheck>();
  for (const letter of encoded === '-' ? '' : encoded) {
    const check = checkOf[letter];
    if (check) checks.add(check);
  }
  return { checks };
}
