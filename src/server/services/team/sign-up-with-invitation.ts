import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { invitations, memberships, users } from '../../db/schema';
import { sqlState } from '../../db/sql-state';
import { assertStrongEnough } from '../accounts/common-passwords';
import { hashPassword } from '../accounts/passwords';
import { tooManyAttempts } from '../accounts/sign-in';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';
import { unknownInvitationMessage } from './get-invitation';
import { closedInvitationMessages, hashInvitationToken, invitationStateOf } from './invitation-token';

const takenMessage = (email: string) =>
  `${email} already has a Pactum account: sign in with it to accept the invitation.`;

/**
 * Creates the account of an invited person and accepts the invitation in one step. The link was
 * mailed to the invited address, so opening it proves the address: the account is confirmed at
 * once, and it joins only the inviting organization, with the invited role. The caller signs
 * the browser in.
 */
export async function signUpWithInvitation(
  db: Database,
  input: { token: string; name: string; password: string; ip: string | null },
  rule: RateLimitRule,
  now = clock.now(),
): Promise<{ userId: string; organizationId: string }> {
  const tokenHash = hashInvitationToken(input.token);
  const [found] = await db
    .select({ email: invitations.email })
    .from(invitations)
    .where(eq(invitations.tokenHash, tokenHash));
  if (!found) throw new AppError('NOT_FOUND', unknownInvitationMessage);
  assertStrongEnough(input.password, { name: input.name, email: found.email });
  const wait = await consumeRateLimit(db, `sign-up:address:${input.ip ?? 'unknown'}`, rule, now);
  if (wait > 0) throw tooManyAttempts(wait);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [invitation] = await tx
        .select()
        .from(invitations)
        .where(eq(invitations.tokenHash, tokenHash))
        .for('update');
      if (!invitation) throw new AppError('NOT_FOUND', unknownInvitationMessage);
      const state = invitationStateOf(invitation, now);
      if (state !== 'valid') throw new AppError('INVITATION_CLOSED', closedInvitationMessages[state]);
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
      if (taken) throw new AppError('EMAIL_TAKEN', takenMessage(invitation.email), 'email');
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: invitation.email,
          passwordHash,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('The account was not stored');
      await tx.insert(memberships).values({
        organizationId: invitation.organizationId,
        userId: user.id,
        role: invitation.role,
        createdAt: now,
      });
      await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invitation.id));
      return { userId: user.id, organizationId: invitation.organizationId };
    });
  } catch (error) {
    // Someone made an account with the address between the check and the insert.
    if (sqlState(error) === '23505') throw new AppError('EMAIL_TAKEN', takenMessage(found.email), 'email');
    throw error;
  }
}
