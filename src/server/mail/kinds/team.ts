import { z } from 'zod';
import { newInvitationLink } from '../../services/team/invitation-link';
import { renderAccessMail } from '../mail-layout';
import { defineMail, pageLink } from './define-mail';
import { organizationNameOf } from './organization-name';

/**
 * A team invitation gets its link now (only the token's hash is stored on the invitation, and a
 * re-delivery replaces it), and none once the invitation is accepted, revoked or expired.
 */
export const teamInvitation = defineMail({
  kind: 'team_invitation',
  params: z.object({ invitationId: z.string() }),
  async facts(deps, message) {
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
  },
  compose: (facts) => {
    const { inviterName: sender, organizationName: org } = facts;
    return renderAccessMail(facts, {
      subject: `${sender} invited you to join ${org} on Pactum`,
      lines: [
        `${sender} invited you to join ${org} on Pactum as ${facts.role === 'admin' ? 'an admin' : 'a member'}. Pactum is where the team drafts contracts and sends them for e-signature.`,
        'Open the link below, then sign in or create an account with this e-mail address to accept.',
        `The invitation works until ${facts.expiresAt.toUTCString()}.`,
        'If you did not expect this invitation, you can ignore this e-mail.',
      ],
      action: { label: 'Accept the invitation', url: facts.invitationLink },
    });
  },
});
