import { z } from 'zod';
import { type RecipientRole, roleOf } from '../../../shared/recipients';
import { renderAccessMail, renderMail } from '../mail-layout';
import type { ContractFacts } from './contract-facts';
import { defineMail } from './define-mail';

/** A recipient's role as their invitation words it. */
export type RecipientPart = {
  role: RecipientRole;
  witnessOf: string | null;
  /** A delegate's: who handed them their turn, and why (their words, set as plain text). */
  handedOnBy: { name: string; reason: string } | null;
};

/**
 * A signer's invitation or reminder: a signing link made for this very e-mail, and which checks
 * to have ready (read when it is delivered: services/mail/facts/signing.ts).
 */
type SigningFacts = ContractFacts & {
  signingLink: string;
  signerChecks: { accessCode: boolean; emailCode: boolean } | undefined;
  /** What the recipient does, and a witness's signer by name. */
  part: RecipientPart;
};

/** What is asked of the recipient, in the words of their role. */
function asked(part: RecipientPart): string {
  return part.role === 'witness' && part.witnessOf
    ? `witness the signature of ${part.witnessOf} on`
    : `review and ${roleOf(part.role).verb}`;
}

/** The lines an invitation and a reminder share: the checks to expect and the link's expiry. */
function signingLines(facts: SigningFacts): string[] {
  const expiresAt = facts.contract.expiresAt;
  return [
    checksLine(facts.signerChecks, facts.senderName),
    expiresAt ? `The link works until ${expiresAt.toUTCString()}.` : '',
  ];
}

/** Tells an invited signer which codes to have ready; an access code comes from the sender, never by e-mail. */
function checksLine(checks: SigningFacts['signerChecks'], sender: string): string {
  if (!checks?.accessCode && !checks?.emailCode) return '';
  if (checks.accessCode && checks.emailCode) {
    return `Before the document opens you will be asked for the access code ${sender} gave you (it is not in this e-mail), and for a one-time code that we e-mail you then.`;
  }
  if (checks.accessCode) {
    return `Before the document opens you will be asked for the access code ${sender} gave you. It is not in this e-mail: ask ${sender} if you do not have it.`;
  }
  return 'Before the document opens we will e-mail you a one-time code to enter, to confirm it is you.';
}

/** A delegate's invitation says who handed it to them, and why. */
function handedOnLine(part: RecipientPart): string {
  if (!part.handedOnBy) return '';
  return `${part.handedOnBy.name} handed it to you to act in their place. Their reason: ${part.handedOnBy.reason}`;
}

export const invitation = defineMail({
  kind: 'invitation',
  params: z.object({}),
  compose: (facts: SigningFacts) => {
    const { senderName: sender, organizationName: org, contractTitle: title } = facts;
    return renderAccessMail(facts, {
      subject: `${sender} (${org}) sent you "${title}" to ${roleOf(facts.part.role).verb}`,
      lines: [
        `${sender} of ${org} asks you to ${asked(facts.part)} "${title}".`,
        handedOnLine(facts.part),
        ...signingLines(facts),
      ],
      action: { label: roleOf(facts.part.role).action, url: facts.signingLink },
    });
  },
});

export const reminder = defineMail({
  kind: 'reminder',
  params: z.object({}),
  compose: (facts: SigningFacts) => {
    const { senderName: sender, organizationName: org, contractTitle: title } = facts;
    return renderAccessMail(facts, {
      subject: `Reminder: "${title}" is waiting for you`,
      lines: [
        `${sender} of ${org} is still waiting for you to ${asked(facts.part)} "${title}".`,
        ...signingLines(facts),
      ],
      action: { label: roleOf(facts.part.role).action, url: facts.signingLink },
    });
  },
});

/**
 * To a CC, as their group is reached: they are copied on the contract and will receive the sealed
 * PDF. No link: a CC takes no action, and nothing they are sent can act.
 */
export const ccNotice = defineMail({
  kind: 'cc_notice',
  params: z.object({}),
  compose: (facts: ContractFacts & { recipients: string }) => {
    const { senderName: sender, organizationName: org, contractTitle: title } = facts;
    return renderMail(facts, {
      subject: `${sender} (${org}) copied you on "${title}"`,
      lines: [
        `${sender} of ${org} sent "${title}" for signature to ${facts.recipients}, and copied you.`,
        'There is nothing for you to do: you will receive the signed PDF by e-mail once everyone has signed.',
      ],
    });
  },
});

/**
 * A signer's one-time code, made for this very e-mail (only its hash is stored). None for a
 * signer who no longer needs one or is locked out. The outbox keeps no body, only the subject.
 */
export const signerCode = defineMail({
  kind: 'signer_code',
  params: z.object({}),
  compose(facts: ContractFacts & { code: string; expiresAt: Date }) {
    const { senderName: sender, organizationName: org, contractTitle: title } = facts;
    const composed = renderMail(facts, {
      subject: `Your code to open "${title}"`,
      lines: [
        `Your one-time code to open "${title}" from ${sender} of ${org} is: ${facts.code}`,
        `Enter it on the signing page. It works once, for 10 minutes (until ${facts.expiresAt.toUTCString()}).`,
        'If you did not ask for a code, ignore this e-mail: nobody can open the document without it.',
      ],
    });
    return { ...composed, kept: null, signerCode: facts.code };
  },
});
