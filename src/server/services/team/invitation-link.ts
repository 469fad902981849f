import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Role } from '../../../shared/api/auth';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { invitations, users } from '../../db/schema';
import { unknownInviter } from '../../presenters/team';
import { newInvitationToken } from './invitation-token';

/**
 * A fresh link for an invitation e-mail, made when it is composed: the token goes into that
 * e-mail and only its SHA-256 replaces the one before (so the link of an earlier copy stops
 * working). None for an invitation that is no longer open, or not the message's.
 */
export async function newInvitationLink(
  db: Database,
  message: { organizationId: string; toEmail: string; invitationId: string | undefined },
  now = clock.now(),
): Promise<{ token: string; inviterName: string; role: Role; expiresAt: Date } | null> {
  if (!message.invitationId) return null;
  const { token, hash } = newInvitationToken();
  const [updated] = await db
    .update(invitations)
    .set({ tokenHash: hash })
    .where(
      and(
        eq(invitations.id, message.invitationId),
        eq(invitations.organizationId, message.organizationId),
        eq(invitations.email, message.toEmail),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      invitedBy: invitations.invitedBy,
    });
  if (!updated) return null;
  const [inviter] = updated.invitedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, updated.invitedBy))
    : [];
  return {
    token,
    inviterName: inviter?.name ?? unknownInviter,
    role: updated.role,
    expiresAt: updated.expiresAt,
  };
}
