import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PasskeyAssertion } from '../../../shared/api/two-factor';
import type { Database } from '../../db/client';
import { passkeys } from '../../db/schema';
import { spendChallenge, type WebAuthnChallenge } from './webauthn-challenge-cookie';
import { loadWebAuthn } from './webauthn-library';
import type { WebAuthnParty } from './webauthn-party';

/**
 * Options to ask for a passkey: the user's own for a second factor, or any passkey made for
 * Pactum (a discoverable credential, the browser offers its list) for a passkey-only sign-in.
 */
export async function passkeyAuthenticationOptions(
  db: Database,
  party: WebAuthnParty,
  userId: string | null,
) {
  const allowed = userId
    ? await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
    : [];
  const { generateAuthenticationOptions } = await loadWebAuthn();
  return generateAuthenticationOptions({
    rpID: party.rpId,
    challenge: randomBytes(32),
    allowCredentials: allowed.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    // A passkey alone stands for both factors, so then the device must have verified the person.
    userVerification: userId ? 'preferred' : 'required',
  });
}

/**
 * The user a passkey's answer proves, or null: the challenge must be this one, unspent, the
 * passkey known (and the user's, when a user is expected), its signature good and, for a
 * passkey-only sign-in, the person verified by the device. The signature counter moves on.
 */
export async function authenticatePasskey(
  db: Database,
  party: WebAuthnParty,
  challenge: WebAuthnChallenge | null,
  assertion: PasskeyAssertion,
): Promise<{ userId: string } | null> {
  if (!challenge) return null;
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, assertion.id));
  if (!passkey || (challenge.userId !== null && passkey.userId !== challenge.userId)) return null;
  if (!(await spendChallenge(db, challenge))) return null;
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge.challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: challenge.userId === null,
    });
    if (!verified) return null;
    await db
      .update(passkeys)
      .set({ counter: authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(passkeys.id, passkey.id));
    return { userId: passkey.userId };
  } catch {
    return null;
  }
}
