import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { invitations } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { ownInvitations } from '../../policies/scope';
import { closedInvitationMessages } from './invitation-token';
import { lockTeamAsAdmin } from './lock-team';

/**
 * Withdraws an invitation (admins): its link stops working at once, and an e-mail not yet sent
 * is not sent. Revoking twice is not an error; an accepted invitation cannot be revoked.
 */
export async function revokeInvitation(
  ctx: ServiceContext,
  invitationId: string,
  now = clock.now(),
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'revoke invitations');
  await db.transaction(async (tx) => {
    await lockTeamAsAdmin(tx, actor, 'revoke invitations');
    const [row] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, invitationId), ownInvitations(actor)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'Invitation not found');
    if (row.acceptedAt) throw new AppError('INVITATION_CLOSED', closedInvitationMessages.accepted);
    if (row.revokedAt) return;
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, row.id));
  });
}
