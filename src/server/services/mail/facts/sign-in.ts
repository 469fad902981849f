import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { MailReadParams } from '../../../mail/kinds';
import type { MailMessage } from '../../../mail/kinds/define-mail';
import { createPasswordReset } from '../../accounts/password-reset-token';
import { type MailDeps, pageLink } from './mail-deps';
import { organizationNameOf } from './organization-name';

/**
 * A reset mail gets its link now (only the token's hash is stored), for the account named in the
 * message, and none when that account is gone or no longer has this e-mail address.
 */
export async function passwordResetFacts(
  deps: MailDeps,
  message: MailMessage<MailReadParams<'password_reset'>>,
) {
  const organizationName = await organizationNameOf(deps.db, message.organizationId);
  if (organizationName === null) return null;
  const { userId } = message.params;
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (user?.email !== message.toEmail) return null;
  const reset = await createPasswordReset(deps.db, userId);
  return {
    organizationName,
    recipientName: message.toName,
    resetLink: pageLink(deps, `/reset-password/${reset.token}`),
    expiresAt: reset.expiresAt,
  };
}

/** A sign-in from a new browser: the facts were kept when it happened; the link leads to the sessions. */
export async function newSignInFacts(deps: MailDeps, message: MailMessage<MailReadParams<'new_sign_in'>>) {
  const organizationName = await organizationNameOf(deps.db, message.organizationId);
  if (organizationName === null) return null;
  return {
    organizationName,
    recipientName: message.toName,
    link: pageLink(deps, '/profile#profile-sessions'),
    ...message.params,
    at: new Date(message.params.at),
  };
}
