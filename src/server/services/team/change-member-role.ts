import { and, eq } from 'drizzle-orm';
import type { ChangeRoleInput } from '../../../shared/api/team';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { memberships, users } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { ownMemberships } from '../../policies/scope';
import { requireRecentSignIn } from '../two-factor/require-recent-sign-in';
import { memberColumns } from './list-team';
import { assertAnotherAdmin, lockTeamAsAdmin } from './lock-team';

/** Makes a member an admin or an admin a member (admins); the last admin stays an admin. */
export async function changeMemberRole(
  ctx: ServiceContext,
  input: ChangeRoleInput & { userId: string },
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change roles');
  if (input.role === 'admin') await requireRecentSignIn(db, actor, 'to make someone an admin');
  return db.transaction(async (tx) => {
    await lockTeamAsAdmin(tx, actor, 'change roles');
    const [member] = await tx
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(ownMemberships(actor), eq(memberships.userId, input.userId)));
    if (!member) throw new AppError('NOT_FOUND', 'Member not found');
    if (member.role === input.role) return;
    if (member.role === 'admin') await assertAnotherAdmin(tx, actor);
    await tx
      .update(memberships)
      .set({ role: input.role })
      .where(and(ownMemberships(actor), eq(memberships.userId, input.userId)));
  });
}
