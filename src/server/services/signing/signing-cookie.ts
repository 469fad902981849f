import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the cookie a signing link is exchanged for stays good. */
export const signingCookieTtlMs = 60 * 60 * 1000;

/** A check the signer passed in this browser: the access code, the e-mailed one-time code. */
export type SignerCheck = 'access_code' | 'email_code';

/**
 * A signer and the link (its `signing_links` row) a session was opened with: a cookie is good
 * only while that link is, so retiring a link ends every session it opened.
 */
export type SigningLink = { signerId: string; linkId: string };

const letterOf: Record<SignerCheck, string> = { access_code: 'a', email_code: 'e' };
const checkOf: Record<string, SignerCheck> = { a: 'access_code', e: 'email_code' };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

function mac(secret: string, { signerId, linkId }: SigningLink, expires: number, checks: string): string {
  return createHmac('sha256', secret)
    .update(`signing:${signerId}:${linkId}:${expires}:${checks}`)
    .digest('base64url');
}

/**
 * A value that proves the holder opened this signer's link, and which of the signer's checks
 * they passed, until it expires. The link and the checks are inside the HMAC: a holder can
 * neither add a check nor move the session to another link.
 */
export function issueSigningCookie(
  secret: string,
  link: SigningLink,
  checks: ReadonlySet<SignerCheck> = new Set(),
  now = Date.now(),
) {
  const expires = now + signingCookieTtlMs;
  const encoded = encodeChecks(checks);
  return {
    value: `${expires}.${encoded}.${link.linkId}.${mac(secret, link, expires, encoded)}`,
    expires: new Date(expires),
  };
}

/**
 * The link a valid cookie was opened with and the checks it carries, or null for a missing,
 * altered or expired one. Whether that link still works is the caller's to ask (`signing-link.ts`).
 */
export function verifySigningCookie(
  secret: string,
  signerId: string,
  value: string | undefined,
  now = Date.now(),
): { linkId: string; checks: Set<SignerCheck> } | null {
  if (!value || value.length > 200) return null;
  const [expiresText, encoded, linkId, given, ...rest] = value.split('.');
  const expires = Number(expiresText);
  if (rest.length > 0 || !Number.isSafeInteger(expires) || expires < now || !encoded || !given) return null;
  if (!/^(-|a|e|ae)$/.test(encoded) || !linkId || !uuid.test(linkId)) return null;
  const expected = Buffer.from(mac(secret, { signerId, linkId }, expires, encoded));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const checks = new Set<SignerCheck>();
  for (const letter of encoded === '-' ? '' : encoded) {
    const check = checkOf[letter];
    if (check) checks.add(check);
  }
  return { linkId, checks };
}
