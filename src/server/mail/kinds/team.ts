import { z } from 'zod';
import { type MailFrame, renderAccessMail } from '../mail-layout';
import { defineMail } from './define-mail';

type TeamInvitationFacts = MailFrame & {
  inviterName: string;
  role: string;
  expiresAt: Date;
  invitationLink: string;
};

/**
 * A team invitation gets its link now (only the token's hash is stored on the invitation, and a
 * re-delivery replaces it), and none once the invitation is accepted, revoked or expired.
 */
export const teamInvitation = defineMail({
  kind: 'team_invitation',
  params: z.object({ invitationId: z.string() }),
  compose: (facts: TeamInvitationFacts) => {
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
