import { z } from 'zod';
import { renderAccessMail, renderMail } from '../mail-layout';
import type { ContractFacts } from './contract-facts';
import { defineMail } from './define-mail';

/**
 * A reviewer's invitation to a round gets its review link now, for this very e-mail (a newer one
 * replaces it); none once their review has ended. It names the version sent to them.
 */
export const reviewInvitation = defineMail({
  kind: 'review_invitation',
  params: z.object({ reviewerId: z.string() }),
  compose: (facts: ContractFacts & { reviewLink: string }) => {
    const { senderName: sender, organizationName: org, contractTitle: title } = facts;
    return renderAccessMail(facts, {
      subject: `${sender} (${org}) asks you to review "${title}"`,
      lines: [
        `${sender} of ${org} asks you to review the draft of "${title}" before it is signed.`,
        'Open the link to read it and suggest changes; your suggestions go to the sender, who accepts or rejects each of them. Nothing is signed yet.',
        'The link is yours alone: a newer invitation replaces it.',
      ],
      action: { label: 'Review the draft', url: facts.reviewLink },
    });
  },
});

/** To a reviewer: the sender went through their suggestions (`reason` sums up what became of them). */
export const suggestionsDecided = defineMail({
  kind: 'suggestions_decided',
  params: z.object({ reason: z.string(), reviewerId: z.string() }),
  compose: (facts: ContractFacts & { reason: string }) => {
    const { senderName: sender, organizationName: org, contractTitle: title } = facts;
    return renderMail(facts, {
      subject: `${sender} went through your suggestions on "${title}"`,
      lines: [
        `${sender} of ${org} went through the changes you suggested to "${title}": ${facts.reason}`,
        'Open your review link to see what became of each change. The next version comes to you in a new review round.',
      ],
    });
  },
});
