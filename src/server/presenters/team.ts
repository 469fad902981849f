import type { Role } from '../../shared/api/auth';
import type { InvitationView, PendingInvitation, TeamMember } from '../../shared/api/team';
import type { Actor } from '../actor';
import * as clock from '../clock';
import type { InvitationRow } from '../db/schema';

/** Shown when the person who sent an invitation no longer has an account. */
export const unknownInviter = 'An admin';

export type MemberRow = {
  userId: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: Date;
  avatarUrl: string | null;
};

export function presentMember(row: MemberRow, actor: Actor): TeamMember {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    avatarUrl: row.avatarUrl,
    you: row.userId === actor.userId,
  };
}

export function presentInvitation(
  row: InvitationRow,
  inviterName: string | null,
  now = clock.now(),
): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: inviterName ?? unknownInviter,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

/** What an invitation link shows before it is accepted. */
export function presentInvitationView(
  row: InvitationRow,
  facts: { organizationName: string; inviterName: string | null; state: InvitationView['state'] },
): InvitationView {
  return {
    organizationName: facts.organizationName,
    invitedBy: facts.inviterName ?? unknownInviter,
    email: row.email,
    role: row.role,
    state: facts.state,
    expiresAt: row.expiresAt.toISOString(),
  };
}
