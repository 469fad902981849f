import { createHmac, timingSafeEqual } from 'node:crypto';
import { identityProviderNames } from '../../env';
import type { PendingSignIn } from './identity-providers';

export const pendingSignInCookieName = 'pactum_oidc';
export const pendingSignInTtlMs = 10 * 60 * 1000;

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`oidc:${body}`).digest('base64url');

/** The pending sign-in, signed so the browser can carry it but not change it; good for 10 minutes. */
export function sealPendingSignIn(secret: string, pending: PendingSignIn, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...pending, expires: now + pendingSignInTtlMs })).toString(
    'base64url',
  );
  return `${body}.${mac(secret, body)}`;
}

export function openPendingSignIn(
  secret: string,
  value: string | undefined,
  now = Date.now(),
): PendingSignIn | null {
  if (!value || value.length > 4000) return null;
  const [body, given] = value.split('.');
  if (!body || !given) return null;
  const expected = Buffer.from(mac(secret, body));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PendingSignIn & {
      expires: number;
    };
    if (parsed.expires < now || !(identityProviderNames as readonly string[]).includes(parsed.provider))
      return null;
    return {
      provider: parsed.provider,
      state: parsed.state,
      nonce: parsed.nonce,
      verifier: parsed.verifier,
      next: parsed.next,
    };
  } catch {
    return null;
  }
}
