import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { queueSecurityNotice } from './queue-security-notice';
import { replaceRecoveryCodes } from './recovery-codes';
import { requireRecentSignIn } from './require-recent-sign-in';
import { hasSecondFactor } from './second-factor-methods';

/** Ten new recovery codes; every earlier code stops working. Only beside a real second factor. */
export async function regenerateRecoveryCodes(ctx: ServiceContext<'secret'>): Promise<{ codes: string[] }> {
  const { db, actor, secret: serverSecret } = ctx;
  await requireRecentSignIn(db, actor);
  if (!(await hasSecondFactor(db, actor.userId))) {
    throw new AppError('INVALID_INPUT', 'Set up an authenticator app or a passkey first');
  }
  return db.transaction(async (tx) => {
    await queueSecurityNotice(tx, actor, 'recovery-codes');
    return { codes: await replaceRecoveryCodes(tx, serverSecret, actor.userId) };
  });
}
