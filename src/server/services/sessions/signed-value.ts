import { createHmac, timingSafeEqual } from 'node:crypto';

const mac = (secret: string, purpose: string, body: string) =>
  createHmac('sha256', secret).update(`${purpose}:${body}`).digest('base64url');

/**
 * A JSON value signed with SESSION_SECRET for one purpose (`body.mac`, base64url): what a cookie
 * carries so the browser can hold it but not change it, nor use it for another purpose. The only
 * signing of cookie values: every signed cookie (sign-up, second factor, WebAuthn, OpenID,
 * signing, review) goes through it. A purpose may also name what the value is bound to without
 * carrying it (a review cookie's link), so it opens only while that still holds.
 */
export function sealValue(secret: string, purpose: string, value: unknown): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

/**
 * The value sealed for this purpose, or null when the text is longer than `maxLength`, malformed
 * or not signed by us. The caller still checks the value's fields and expiry.
 */
export function openValue(
  secret: string,
  purpose: string,
  text: string | undefined,
  maxLength: number,
): Record<string, unknown> | null {
  if (!text || text.length > maxLength) return null;
  const [body, given, ...rest] = text.split('.');
  if (!body || !given || rest.length > 0) return null;
  const expected = Buffer.from(mac(secret, purpose, body));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
