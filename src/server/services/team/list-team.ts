import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { PendingInvitation, Team, TeamMember } from '../../../shared/api/team';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { invitations, memberships, users } from '../../db/schema';
import { ownInvitations, ownMemberships } from '../../policies/scope';
import { presentInvitation, presentMember } from '../../presenters/team';

export const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  role: memberships.role,
  joinedAt: memberships.createdAt,
  avatarUrl: users.avatarUrl,
};

/** The organization's members, first to join first, and its open invitations, newest first. */
export async function listTeam(ctx: ServiceContext): Promise<Team> {
  const { db, actor } = ctx;
  const now = clock.now();
  const members = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(ownMemberships(actor))
    .orderBy(asc(memberships.createdAt), asc(users.id));
  const open = await db
    .select({ invitation: invitations, inviterName: users.name })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(ownInvitations(actor), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return {
    members: members.map((row) => presentMember(row, actor)),
    invitations: open.map((row) => presentInvitation(row.invitation, row.inviterName, now)),
  };
}

/** One member of the organization (404 for anyone else). */
export async function getMember(ctx: ServiceContext, userId: string): Promise<TeamMember> {
  const { db, actor } = ctx;
  const [member] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(ownMemberships(actor), eq(memberships.userId, userId)));
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  return presentMember(member, actor);
}

/** One invitation of the organization, as the team page lists it (404 for anyone else's). */
export async function getPendingInvitation(ctx: ServiceContext, id: string): Promise<PendingInvitation> {
  const { db, actor } = ctx;
  const [row] = await db
    .select({ invitation: invitations, inviterName: users.name })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(ownInvitations(actor), eq(invitations.id, id)));
  if (!row) throw new AppError('NOT_FOUND', 'Invitation not found');
  return presentInvitation(row.invitation, row.inviterName);
}
