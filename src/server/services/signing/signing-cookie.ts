import { uuidPattern } from '../../../shared/uuid';
import * as clock from '../../clock';
import { openValue, sealValue } from '../sessions/signed-value';

/** How long the cookie a signing link is exchanged for stays good. */
export const signingCookieTtlMs = 60 * 60 * 1000;

/** A check the signer passed in this browser: the access code, the e-mailed one-time code. */
export type SignerCheck = 'access_code' | 'email_code';

/**
 * A signer and the link (its `signing_links` row) a session was opened with: a cookie is good
 * only while that link is, so retiring a link ends every session it opened.
 */
export type SigningLink = { signerId: string; linkId: string };

const signerChecks: readonly unknown[] = ['access_code', 'email_code'] satisfies SignerCheck[];
const isSignerCheck = (check: unknown): check is SignerCheck => signerChecks.includes(check);

/**
 * A value that proves the holder opened this signer's link, and which of the signer's checks
 * they passed, until it expires. The signer, the link and the checks are all signed: a holder can
 * neither add a check nor move the session to another link or signer.
 */
export function issueSigningCookie(
  secret: string,
  { signerId, linkId }: SigningLink,
  checks: ReadonlySet<SignerCheck> = new Set(),
  now = clock.nowMs(),
) {
  const expires = now + signingCookieTtlMs;
  return {
    value: sealValue(secret, 'signing', { signerId, linkId, checks: [...checks].sort(), expires }),
    expires: new Date(expires),
  };
}

/**
 * The link a valid cookie was opened with and the checks it carries, or null for a missing,
 * altered, expired or another signer's one. Whether that link still works is the caller's to ask
 * (`signing-link.ts`).
 */
export function verifySigningCookie(
  secret: string,
  signerId: string,
  value: string | undefined,
  now = clock.nowMs(),
): { linkId: string; checks: Set<SignerCheck> } | null {
  const opened = openValue(secret, 'signing', value, 400);
  if (!opened || opened.signerId !== signerId) return null;
  const { linkId, checks, expires } = opened;
  if (typeof expires !== 'number' || expires < now) return null;
  if (typeof linkId !== 'string' || !uuidPattern.test(linkId)) return null;
  if (!Array.isArray(checks) || !checks.every(isSignerCheck)) return null;
  return { linkId, checks: new Set(checks) };
}
