import { asc, eq } from 'drizzle-orm';
import type { PasskeyAssertion } from '../../../shared/api/two-factor';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { memberships } from '../../db/schema';
import { tooManyAttempts } from '../accounts/sign-in';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/consume-rate-limit';
import { authenticatePasskey } from './authenticate-passkey';
import { secondFactorLimits } from './two-factor-limits';
import type { WebAuthnChallenge } from './webauthn-challenge-cookie';
import type { WebAuthnParty } from './webauthn-party';

/**
 * A sign-in with a passkey alone: the device holds the key and verified the person (PIN,
 * fingerprint), so it stands for both factors. Failures count against the address.
 */
export async function signInWithPasskey(
  db: Database,
  input: {
    party: WebAuthnParty;
    challenge: WebAuthnChallenge | null;
    passkey: PasskeyAssertion;
    ip: string | null;
  },
): Promise<{ userId: string; organizationId: string }> {
  const key = `passkey-sign-in:address:${input.ip ?? 'unknown'}`;
  const wait = await consumeRateLimit(db, key, secondFactorLimits.perAddress);
  if (wait > 0) throw tooManyAttempts(wait);
  const proved = await authenticatePasskey(db, input.party, input.challenge, input.passkey);
  const [membership] = proved
    ? await db
        .select({ organizationId: memberships.organizationId })
        .from(memberships)
        .where(eq(memberships.userId, proved.userId))
        .orderBy(asc(memberships.createdAt))
        .limit(1)
    : [];
  if (!proved || !membership) {
    throw new AppError(
      'SECOND_FACTOR_INVALID',
      'That passkey could not sign you in. Try again, or use your password.',
    );
  }
  await refundRateLimit(db, key, secondFactorLimits.perAddress);
  return { userId: proved.userId, organizationId: membership.organizationId };
}
