import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { users } from '../../db/schema';
import { sealSecret } from '../settings/secret-box';
import { requireRecentSignIn } from './require-recent-sign-in';
import { newTotpSecret, totpSecretPurpose, totpUri } from './totp';

/**
 * Makes a new TOTP secret for the user to add to an app. It is kept (encrypted) but not in force
 * until a code from the app is confirmed, so a half-done enrollment never locks anyone out; a
 * second start replaces the first.
 */
export async function startTotpEnrollment(
  ctx: ServiceContext<'secret'>,
): Promise<{ secret: string; uri: string; qrCode: string }> {
  const { db, actor, secret: serverSecret } = ctx;
  await requireRecentSignIn(db, actor);
  const [user] = await db
    .select({ enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (user?.enabledAt) {
    throw new AppError('INVALID_INPUT', 'An authenticator app is already set up: turn it off first');
  }
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ totpSecret: sealSecret(serverSecret, totpSecretPurpose, secret), totpLastStep: null })
    .where(eq(users.id, actor.userId));
  const uri = totpUri(secret, actor.email);
  // qrcode is loaded by the first enrollment, not at start.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
