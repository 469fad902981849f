import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { organizations } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { presentTwoFactorRequirement } from '../../presenters/organization';
import { queueOrganizationSecurityNotice } from '../two-factor/queue-security-notice';
import { requireRecentSignIn } from '../two-factor/require-recent-sign-in';
import { hasSecondFactor } from '../two-factor/second-factor-methods';

export async function getTwoFactorRequirement(ctx: ServiceContext): Promise<{ required: boolean }> {
  const { db, actor } = ctx;
  const [row] = await db
    .select({ requireTwoFactor: organizations.requireTwoFactor })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId));
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found');
  return presentTwoFactorRequirement(row);
}

/**
 * Requires (or stops requiring) a second factor of every member. Admins only, and only an admin
 * who has one: otherwise turning it on would first lock out the very person turning it on.
 * Members without one keep their sessions but may only set one up until they have. Turning it
 * off lowers the guard of every account, so it needs a recent sign-in and every admin is told.
 */
export async function setTwoFactorRequirement(ctx: ServiceContext, required: boolean): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the two-factor requirement');
  if (required && !(await hasSecondFactor(db, actor.userId))) {
    throw new AppError(
      'INVALID_INPUT',
      'Set up an authenticator app or a passkey for yourself (Profile, Security) before requiring it of everyone',
      'required',
    );
  }
  if (!required) await requireRecentSignIn(db, actor, 'to stop requiring two-factor sign-in');
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(organizations)
      .set({ requireTwoFactor: required, updatedAt: new Date() })
      .where(and(eq(organizations.id, actor.organizationId), eq(organizations.requireTwoFactor, !required)))
      .returning({ id: organizations.id });
    if (!required && changed.length > 0) {
      await queueOrganizationSecurityNotice(tx, actor, 'two-factor-requirement-off');
    }
  });
}
