import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { memberships, sessions } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { ownMemberships } from '../../policies/scope';
import { assertAnotherAdmin, lockTeamAsAdmin } from './lock-team';

/**
 * Takes a person out of the organization (admins), never its last admin, and ends their
 * sessions in it (their other organizations are not touched). The contracts they made stay.
 * Says whether the actor removed themselves.
 */
export async function removeMember(
  ctx: ServiceContext,
  input: { userId: string },
): Promise<{ self: boolean }> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'remove members');
  return db.transaction(async (tx) => {
    await lockTeamAsAdmin(tx, actor, 'remove members');
    const [member] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(ownMemberships(actor), eq(memberships.userId, input.userId)));
    if (!member) throw new AppError('NOT_FOUND', 'Member not found');
    if (member.role === 'admin') await assertAnotherAdmin(tx, actor);
    await tx.delete(memberships).where(and(ownMemberships(actor), eq(memberships.userId, input.userId)));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, input.userId), eq(sessions.organizationId, actor.organizationId)));
    return { self: input.userId === actor.userId };
  });
}
