import * as clock from '../../clock';
import { identityProviderNames } from '../../env';
import { openValue, sealValue } from '../sessions/signed-value';
import type { PendingSignIn } from './identity-providers';

export const pendingSignInTtlMs = 10 * 60 * 1000;

/** The pending sign-in, signed so the browser can carry it but not change it; good for 10 minutes. */
export function sealPendingSignIn(secret: string, pending: PendingSignIn, now = clock.nowMs()): string {
  return sealValue(secret, 'oidc', { ...pending, expires: now + pendingSignInTtlMs });
}

export function openPendingSignIn(
  secret: string,
  value: string | undefined,
  now = clock.nowMs(),
): PendingSignIn | null {
  const opened = openValue(secret, 'oidc', value, 4000);
  if (!opened) return null;
  const parsed = opened as PendingSignIn & {
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
}
