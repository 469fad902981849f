import { and, asc, eq, ne } from 'drizzle-orm';
import type { UpdateProfileInput } from '../../../shared/api/profile';
import type { ServiceContext } from '../../context';
import { memberships, users } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { getProfile } from './get-profile';
import {
  consumeEmailConfirmation,
  queueEmailConfirmation,
  storeEmailVerification,
} from './request-email-confirmation';
import { verifyCurrentPassword } from './verify-current-password';

/**
 * Changes the user's name at once. A new e-mail needs the current password; it does not switch
 * yet: a link goes to the new address (the switch happens when it is opened, see
 * confirm-email.ts) and a notice to the current one.
 *
 * An address another account has is answered exactly like a free one (the change shown as
 * pending, the same status, body and work), so a signed-in user cannot probe which addresses
 * have accounts; its owner gets a notice instead of a link, and the pending change can never be
 * confirmed (confirm-email.ts refuses an address taken by another account).
 */
export async function updateProfile(
  ctx: ServiceContext<'accountLimits'>,
  input: UpdateProfileInput,
): Promise<void> {
  const { db, actor, accountLimits: limits } = ctx;
  const profile = await getProfile(ctx);
  const email = input.email !== undefined && input.email !== profile.email ? input.email : undefined;
  if (email !== undefined) {
    await verifyCurrentPassword(db, actor, input.currentPassword, limits, 'change your email');
    await consumeEmailConfirmation(db, actor);
  }
  if (input.name === undefined && email === undefined) return;

  const now = new Date();
  await db.transaction(async (tx) => {
    if (input.name !== undefined) {
      await tx.update(users).set({ name: input.name, updatedAt: now }).where(eq(users.id, actor.userId));
    }
    if (email === undefined) return;
    const name = input.name ?? profile.name;
    const [owner] = await tx
      .select({ name: users.name, organizationId: memberships.organizationId })
      .from(users)
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .where(and(eq(users.email, email), ne(users.id, actor.userId)))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    if (owner) {
      await storeEmailVerification(tx, actor.userId, email, now);
      await queueMail(tx, {
        organizationId: owner.organizationId,
        contractId: null,
        kind: 'email_change_attempt',
        to: { name: owner.name, email },
      });
    } else {
      await queueEmailConfirmation(tx, { ...actor, userName: name }, email, now);
    }
    await queueMail(tx, {
      organizationId: actor.organizationId,
      contractId: null,
      kind: 'email_change_notice',
      to: { name, email: profile.email },
      params: { newEmail: email },
    });
  });
}
