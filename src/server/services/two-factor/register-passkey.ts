import { randomBytes } from 'node:crypto';
import type { VerifiedRegistrationResponse } from '@simplewebauthn/server';
import { count, eq } from 'drizzle-orm';
import type { PasskeyRegistration } from '../../../shared/api/two-factor';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { passkeys } from '../../db/schema';
import { queueSecurityNotice } from './queue-security-notice';
import { requireRecentSignIn } from './require-recent-sign-in';
import type { WebAuthnChallenge } from './webauthn-challenge-cookie';
import { spendChallenge } from './webauthn-challenge-cookie';
import { loadWebAuthn } from './webauthn-library';
import { webAuthnPartyOf } from './webauthn-party';

/** Enough for every device a person owns, and a bound on the list. */
export const maxPasskeysPerUser = 20;

/**
 * Options for the browser to make a passkey: discoverable (so it can sign in without an e-mail),
 * user verification preferred, and none of the user's existing passkeys made again.
 */
export async function passkeyRegistrationOptions(ctx: ServiceContext<'appUrl'>) {
  const { db, actor, appUrl } = ctx;
  const party = webAuthnPartyOf(appUrl);
  await requireRecentSignIn(db, actor);
  const existing = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.userId));
  if (existing.length >= maxPasskeysPerUser) {
    throw new AppError('INVALID_INPUT', `You can keep at most ${maxPasskeysPerUser} passkeys`);
  }
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: party.rpName,
    rpID: party.rpId,
    userName: actor.email,
    userDisplayName: actor.userName,
    userID: new TextEncoder().encode(actor.userId),
    challenge: randomBytes(32),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return options;
}

/** Checks the browser's new credential against the challenge and keeps its public key, named. */
export async function registerPasskey(
  ctx: ServiceContext<'appUrl'>,
  challenge: WebAuthnChallenge | null,
  input: { name: string; credential: PasskeyRegistration },
): Promise<{ id: string }> {
  const { db, actor, appUrl } = ctx;
  const party = webAuthnPartyOf(appUrl);
  await requireRecentSignIn(db, actor);
  if (!challenge || challenge.userId !== actor.userId || !(await spendChallenge(db, challenge))) {
    throw new AppError('INVALID_INPUT', 'This passkey request has expired: try again');
  }
  const { verifyRegistrationResponse } = await loadWebAuthn();
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: challenge.challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      requireUserVerification: false,
    });
  } catch {
    verification = { verified: false };
  }
  if (!verification.verified) throw new AppError('INVALID_INPUT', 'The passkey could not be verified');
  const { credential } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, actor.userId));
    if ((held?.n ?? 0) >= maxPasskeysPerUser) {
      throw new AppError('INVALID_INPUT', `You can keep at most ${maxPasskeysPerUser} passkeys`);
    }
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: actor.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).slice(0, 10),
        name: input.name,
        createdAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    if (!row) throw new AppError('INVALID_INPUT', 'This passkey is already registered');
    await queueSecurityNotice(tx, actor, 'passkey-added', { detail: input.name });
    return row;
  });
}
