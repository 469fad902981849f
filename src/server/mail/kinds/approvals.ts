import { z } from 'zod';
import { renderMail } from '../mail-layout';
import type { ContractFacts } from './contract-facts';
import { defineMail } from './define-mail';

/** Who took the approval step (`signerName`) and what it was (`reason`: approved, rejected, why withdrawn). */
const params = z.object({ signerName: z.string(), reason: z.string() });

type ApprovalFacts = ContractFacts & z.output<typeof params>;

/** To each approver named by the organization: a draft waits for their approval. */
export const approvalRequested = defineMail({
  kind: 'approval_requested',
  params,
  compose: (facts: ApprovalFacts) =>
    renderMail(facts, {
      subject: `${facts.signerName} asks you to approve "${facts.contractTitle}"`,
      lines: [
        `${facts.signerName} of ${facts.organizationName} asks you to approve "${facts.contractTitle}" before it is sent for signing.`,
        'Open it to read the draft, then approve it or reject it with a comment. It cannot be sent until every approver named by your organization has approved it.',
      ],
      action: { label: 'Open the draft', url: facts.link },
    }),
});

/** To the sender: an approver approved or rejected the draft. */
export const approvalDecided = defineMail({
  kind: 'approval_decided',
  params,
  compose: (facts: ApprovalFacts) =>
    renderMail(facts, {
      subject: `${facts.signerName} ${facts.reason.startsWith('rejected') ? 'rejected' : 'approved'} "${facts.contractTitle}"`,
      lines: [`${facts.signerName} ${facts.reason} ("${facts.contractTitle}", ${facts.organizationName}).`],
      action: { label: 'Open the contract', url: facts.link },
    }),
});

/** To an approver: the draft changed after they approved it, so their approval was withdrawn. */
export const approvalWithdrawn = defineMail({
  kind: 'approval_withdrawn',
  params,
  compose: (facts: ApprovalFacts) =>
    renderMail(facts, {
      subject: `"${facts.contractTitle}" changed after you approved it`,
      lines: [
        `${facts.signerName} of ${facts.organizationName} changed "${facts.contractTitle}" after you approved it (${facts.reason}), so your approval was withdrawn.`,
        'Read the new text, then approve it again or reject it.',
      ],
      action: { label: 'Open the draft', url: facts.link },
    }),
});
