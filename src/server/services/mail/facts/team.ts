import type { MailMessage } from '../../../mail/kinds/define-mail';
import { newInvitationLink } from '../../team/invitation-link';
import { type MailDeps, pageLink } from './mail-deps';
import { organizationNameOf } from './organization-name';

/**
 * A team invitation gets its link now (only the token's hash is stored on the invitation, and a
 * re-delivery replaces it), and none once the invitation is accepted, revoked or expired.
 */
export async function teamInvitationFacts(deps: MailDeps, message: MailMessage<{ invitationId: string }>) {
  const organizationName = await organizationNameOf(deps.db, message.organizationId);
  if (organizationName === null || !message.organizationId) return null;
  const invitation = await newInvitationLink(deps.db, {
    organizationId: message.organizationId,
    toEmail: message.toEmail,
    invitationId: message.params.invitationId,
  });
  if (!invitation) return null;
  return {
    ...invitation,
    organizationName,
    recipientName: message.toName,
    invitationLink: pageLink(deps, `/invitations/${invitation.token}`),
  };
}
