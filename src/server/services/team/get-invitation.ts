import { eq } from 'drizzle-orm';
import type { InvitationView } from '../../../shared/api/team';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { invitations, organizations, users } from '../../db/schema';
import { presentInvitationView } from '../../presenters/team';
import { hashInvitationToken, invitationStateOf } from './invitation-token';

export const unknownInvitationMessage = 'This invitation link is not valid';

/** What an /invitations/{token} link is (public: the link is its own key), or 404. */
export async function getInvitation(
  db: Database,
  input: { token: string },
  now = clock.now(),
): Promise<InvitationView> {
  const [row] = await db
    .select({
      invitation: invitations,
      organizationName: organizations.name,
      inviterName: users.name,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashInvitationToken(input.token)));
  if (!row) throw new AppError('NOT_FOUND', unknownInvitationMessage);
  return presentInvitationView(row.invitation, {
    organizationName: row.organizationName,
    inviterName: row.inviterName,
    state: invitationStateOf(row.invitation, now),
  });
}
