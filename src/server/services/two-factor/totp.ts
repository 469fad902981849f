import { Secret, TOTP } from 'otpauth';
import * as clock from '../../clock';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const period = 30;

function totpOf(secret: string, label = 'Pactum'): TOTP {
  return new TOTP({
    issuer: 'Pactum',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an app scans from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step a code belongs to, accepting the step before and after now (a phone's clock a
 * little off, a code typed as it changed); null when it matches none. The caller refuses a step
 * already used, so one code never works twice.
 */
export function matchTotpStep(secret: string, code: string, now = clock.nowMs()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / period) + delta;
}

/** Purpose under which the secret is sealed at rest (services/settings/secret-box). */
export const totpSecretPurpose = 'totp-secret';
