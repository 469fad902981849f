import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { invitations, memberships, organizations, sessions } from '../../db/schema';
import { unknownInvitationMessage } from './get-invitation';
import { closedInvitationMessages, hashInvitationToken, invitationStateOf } from './invitation-token';

/**
 * Joins the organization of an invitation (signed in, with the invited e-mail): adds the
 * membership with the invited role, marks the invitation accepted, and moves the current session
 * to that organization. Answers the actor as the session now resolves it.
 */
export async function acceptInvitation(
  ctx: ServiceContext,
  input: { token: string },
  now = clock.now(),
): Promise<Actor> {
  const { db, actor } = ctx;
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashInvitationToken(input.token)))
      .for('update');
    if (!invitation) throw new AppError('NOT_FOUND', unknownInvitationMessage);
    const state = invitationStateOf(invitation, now);
    if (state !== 'valid') throw new AppError('INVITATION_CLOSED', closedInvitationMessages[state]);
    if (invitation.email !== actor.email.toLowerCase()) {
      throw new AppError(
        'FORBIDDEN',
        `This invitation is for ${invitation.email}, but you are signed in as ${actor.email}. Sign in with ${invitation.email} to accept it.`,
      );
    }
    // Someone already in the organization keeps the role they have.
    await tx
      .insert(memberships)
      .values({
        organizationId: invitation.organizationId,
        userId: actor.userId,
        role: invitation.role,
        createdAt: now,
      })
      .onConflictDoNothing();
    await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invitation.id));
    await tx
      .update(sessions)
      .set({ organizationId: invitation.organizationId })
      .where(eq(sessions.id, actor.sessionId));
    const [joined] = await tx
      .select({ role: memberships.role, organizationName: organizations.name })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(
        and(eq(memberships.organizationId, invitation.organizationId), eq(memberships.userId, actor.userId)),
      );
    if (!joined) throw new Error('The membership just made could not be found');
    return {
      ...actor,
      organizationId: invitation.organizationId,
      organizationName: joined.organizationName,
      role: joined.role,
    };
  });
}
