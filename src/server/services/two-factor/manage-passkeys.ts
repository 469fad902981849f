import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { passkeys } from '../../db/schema';
import { queueSecurityNotice } from './queue-security-notice';
import { requireRecentSignIn } from './require-recent-sign-in';

const notFound = () => new AppError('NOT_FOUND', 'There is no such passkey');

export async function renamePasskey(ctx: ServiceContext, id: string, name: string): Promise<void> {
  const { db, actor } = ctx;
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.userId)))
    .returning({ id: passkeys.id });
  if (!row) throw notFound();
}

/**
 * Removing a passkey can strip an account's only second factor, so it asks the same recent
 * sign-in as adding one: a session left open somewhere must not be enough.
 */
export async function removePasskey(ctx: ServiceContext, id: string): Promise<void> {
  const { db, actor } = ctx;
  await requireRecentSignIn(db, actor, 'to remove a passkey');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.userId)))
      .returning({ name: passkeys.name });
    if (!row) throw notFound();
    await queueSecurityNotice(tx, actor, 'passkey-removed', { detail: row.name });
  });
}
