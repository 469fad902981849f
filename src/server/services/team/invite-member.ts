import { and, eq, isNull } from 'drizzle-orm';
import type { InviteInput } from '../../../shared/api/team';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { invitations, memberships, users } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { requireAdmin } from '../../policies/roles';
import { ownInvitations, ownMemberships } from '../../policies/scope';
import { consumeOutgoingMail } from '../rate-limits/outgoing-mail-limits';
import { requireRecentSignIn } from '../two-factor/require-recent-sign-in';
import { invitationValidityMs } from './invitation-token';
import { lockTeamAsAdmin } from './lock-team';

/**
 * Invites an e-mail address to the organization (admins): refuses a member's address and one
 * with an invitation still pending, makes the invitation (valid 7 days) and queues its e-mail in
 * the same transaction. The link is made when the e-mail is composed, so no token is stored here.
 */
export async function inviteMember(
  ctx: ServiceContext,
  input: InviteInput,
  now = clock.now(),
): Promise<{ id: string }> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'invite people');
  // An admin invited to an address of one's choosing is a lasting way in, like an API token.
  if (input.role === 'admin') await requireRecentSignIn(db, actor, 'to invite an admin');
  return db.transaction(async (tx) => {
    await lockTeamAsAdmin(tx, actor, 'invite people');
    const [member] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(ownMemberships(actor), eq(users.email, input.email)));
    if (member) {
      throw new AppError(
        'ALREADY_MEMBER',
        `${input.email} is already a member of ${actor.organizationName}`,
        'email',
      );
    }
    const openInvitation = and(
      ownInvitations(actor),
      eq(invitations.email, input.email),
      isNull(invitations.acceptedAt),
      isNull(invitations.revokedAt),
    );
    const [open] = await tx.select().from(invitations).where(openInvitation).for('update');
    if (open && open.expiresAt > now) {
      throw new AppError(
        'ALREADY_INVITED',
        `${input.email} has already been invited and has not answered yet. Revoke that invitation to send a new one.`,
        'email',
      );
    }
    await consumeOutgoingMail(tx, actor.organizationId, 'teamInvitations', 1, now);
    // An expired one is closed, so the new one is the only open invitation for the address.
    if (open) await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, open.id));
    const [row] = await tx
      .insert(invitations)
      .values({
        organizationId: actor.organizationId,
        email: input.email,
        role: input.role,
        invitedBy: actor.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + invitationValidityMs),
      })
      .returning();
    if (!row) throw new Error('The invitation was not stored');
    await queueMail(tx, {
      organizationId: actor.organizationId,
      contractId: null,
      kind: 'team_invitation',
      // No name: whether the address has an account is not the inviting organization's business.
      to: { name: '', email: input.email },
      params: { invitationId: row.id },
      dedupeKey: `team-invitation:${row.id}`,
    });
    return { id: row.id };
  });
}
