import { describe, expect, it } from 'vitest';
import {
  openPendingSignIn,
  pendingSignInTtlMs,
  sealPendingSignIn,
} from '../../src/server/services/accounts/oidc-state-cookie';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const pending = { provider: 'google' as const, state: 's', nonce: 'n', verifier: 'v', next: '/contracts' };

describe('the pending sign-in cookie', () => {
  it('opens what was sealed, within ten minutes', () => {
    const now = Date.now();
    expect(openPendingSignIn(secret, sealPendingSignIn(secret, pending, now), now + 1000)).toEqual(pending);
    expect(
      openPendingSignIn(secret, sealPendingSignIn(secret, pending, now), now + pendingSignInTtlMs + 1),
    ).toBeNull();
  });

  it('refuses a changed value, another secret, and junk', () => {
    const sealed = sealPendingSignIn(secret, pending);
    const [body, mac] = sealed.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...pending, next: '/evil', expires: Date.now() + 60_000 }),
    ).toString('base64url');
    expect(openPendingSignIn(secret, `${forged}.${mac}`)).toBeNull();
    expect(openPendingSignIn(`${secret}-other`, sealed)).toBeNull();
    expect(openPendingSignIn(secret, `${body}`)).toBeNull();
    expect(openPendingSignIn(secret, 'not.a-cookie')).toBeNull();
    expect(openPendingSignIn(secret, undefined)).toBeNull();
  });
});
