import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import { openValue, sealValue } from '../sessions/signed-value';

export const webAuthnChallengeTtlMs = 5 * 60 * 1000;

/** What a challenge was made for: adding a passkey, a second factor, or a passkey-only sign-in. */
export type ChallengePurpose = 'register' | 'second-factor' | 'sign-in';

export type WebAuthnChallenge = {
  purpose: ChallengePurpose;
  challenge: string;
  /** The user it was made for; null for a passkey-only sign-in (anyone's passkey may answer). */
  userId: string | null;
  issuedAt: number;
};

/** The challenge, signed so the browser can carry it but not change it. */
export function sealChallenge(secret: string, challenge: WebAuthnChallenge): string {
  return sealValue(secret, 'webauthn', challenge);
}

/** The challenge the cookie carries, if it is genuine, for this purpose, and at most 5 minutes old. */
export function openChallenge(
  secret: string,
  value: string | undefined,
  purpose: ChallengePurpose,
  now = clock.nowMs(),
): WebAuthnChallenge | null {
  const opened = openValue(secret, 'webauthn', value, 1000);
  if (!opened) return null;
  const parsed = opened as WebAuthnChallenge;
  if (parsed.purpose !== purpose || typeof parsed.challenge !== 'string') return null;
  if (parsed.issuedAt + webAuthnChallengeTtlMs < now || parsed.issuedAt > now + 60_000) return null;
  return parsed;
}

/**
 * Spends a challenge: the first call answers true, every later one false. A signed cookie alone
 * could be sent again with the same signed answer; this row (in the shared rate-limit table,
 * counted in the window its issue time falls in, so every use lands on the same row) makes each
 * challenge good for one verification.
 */
export async function spendChallenge(db: Database, challenge: WebAuthnChallenge): Promise<boolean> {
  const wait = await consumeRateLimit(
    db,
    `webauthn-challenge:${challenge.challenge}`,
    { limit: 1, windowMs: 24 * 60 * 60 * 1000 },
    new Date(challenge.issuedAt),
  );
  return wait === 0;
}
