import type { z } from 'zod';
import type { HistoryAction } from '../../../shared/api/history';
import type { NotificationKind } from '../../../shared/api/notifications';
import type { EventData, EventType, eventCatalogue } from '../../../shared/events';
import { type RecipientRole, recipientRoles, roleOf } from '../../../shared/recipients';
import type { ContractStatus } from '../../../shared/statuses';
import type { QueuedMail } from '../../mail/queue-mail';
import type { HistoryAuthor } from './append-history';
import type { EventConsumerName } from './event-consumer-names';

/**
 * What a step knows beyond its event's data: facts its history entry words but that do not go to
 * webhooks (a signer's typed name, a decision's internal comment, counts). `transition` records
 * the event's data from the facts through the event's schema, which keeps only the event's fields.
 */
type HistoryOnlyFacts = {
  'contract.created': { origin: CreationOrigin | null };
  'contract.restored': { restoredAs: number };
  'contract.sent': { signerCount: number; sequential: boolean; route: string };
  'contract.signed': {
    fullName: string;
    signatureKind: string;
    consentVersion: string;
    consentHash: string;
    /** The fields placed on the PDFs this signer filled, in words (empty when none). */
    filled: string;
  };
  'contract.completed': { signerCount: number };
  'contract.approved': { consentVersion: string; consentHash: string; filled: string };
  'contract.witnessed': {
    fullName: string;
    signatureKind: string;
    consentVersion: string;
    consentHash: string;
    filled: string;
  };
  'contract.expired': { expiresAt: Date | null };
  'contract.sealed': { pages: number; signedSha256: string };
  'signer.removed': { wasInvited: boolean };
  'signer.reminded': LinkFacts;
  'signer.copy_sent': LinkFacts;
  'signer.locked': { signerEmail: string; checkName: string; tries: number };
  /** A URL for an embedded recipient's app (embedding/embed-signing-url.ts), not a link to hand over. */
  'signer.link_copied': { embedded?: boolean };
  'review.sent': { reviewerNames: string };
  'review.suggested': { reviewerEmail: string; baseVersion: number };
  'approval.requested': { approverNames: string };
  'approval.approved': { asAdmin: boolean; comment: string };
  'approval.rejected': { asAdmin: boolean; comment: string };
  'approval.withdrawn': { approverNames: string };
  /** The changes in words: "end date 2027-12-31, notice period 90 days". */
  'contract.terms_changed': { summary: string };
  'contract.deadline_approaching': { recipientNames: string };
};

/** An event's data as the step states it, field by field (an event with none takes `{}`). */
type EventFacts<Shape extends Record<string, z.ZodType>> = { [K in keyof Shape]: z.input<Shape[K]> };

/** What the code taking a step states: the event's data and the facts its history entry words. */
export type StepFacts<T extends EventType> = EventFacts<(typeof eventCatalogue)[T]['data']['shape']> &
  (T extends keyof HistoryOnlyFacts ? HistoryOnlyFacts[T] : unknown);

/** Where a new contract or template came from, when it was not made blank. */
export type CreationOrigin = { from: 'template' | 'duplicate' | 'contract'; id: string; title: string };

const originWording: Record<CreationOrigin['from'], string> = {
  template: 'Created from template',
  duplicate: 'Duplicated from',
  contract: 'Saved from contract',
};

type StepContext = { author: HistoryAuthor; at: Date; contract: { id: string; organizationId: string } };

export type Step<T extends EventType> = {
  /** The status the contract moves to, checked against shared/statuses.ts; none keeps it. */
  to?: ContractStatus;
  /** The entry in the contract's hash-chained history; none for steps outside the audit trail. */
  history?: {
    action: HistoryAction | ((facts: StepFacts<T>) => HistoryAction);
    details: (facts: StepFacts<T>, context: StepContext) => string | null;
  };
  /**
   * What the contract's owner reads in the bell (the notify-owner consumer writes it when the
   * job runs, with the title then), and for which events of this type.
   */
  notice?: {
    kind: NotificationKind;
    text: (title: string, data: EventData<T>) => string;
    when?: (data: EventData<T>) => boolean;
  };
  /** Mail queued in the step's own transaction (the rest is sent by the consumers in `followedBy`). */
  mail?: (facts: StepFacts<T>, context: StepContext) => QueuedMail[];
  /** The consumers that react to the step (jobs/definitions/), besides the owner's bell and webhooks. */
  followedBy?: readonly Exclude<EventConsumerName, 'notify-owner' | 'deliver-webhooks'>[];
};

/** A signer's mail queued with the step: a reminder, a one-time code (made when it is delivered). */
function toSigner(
  signer: { signerId: string; signerName: string; signerEmail: string },
  contract: StepContext['contract'],
  kind: 'reminder' | 'signer_code' | 'completed',
  dedupeKey: string,
): QueuedMail {
  return {
    organizationId: contract.organizationId,
    contractId: contract.id,
    signerId: signer.signerId,
    kind,
    to: { name: signer.signerName, email: signer.signerEmail },
    dedupeKey,
  };
}

/** What a recipient of this role does, for a sentence ("to approve"). */
const verbOf = (role: string | null | undefined) =>
  recipientRoles.includes(role as RecipientRole) ? roleOf(role as RecipientRole).verb : 'sign';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const person = (name: string, email: string) => `${name} (${email})`;

/** What a sender's Remind or Send again did to a signer's links, for its history entry. */
type LinkFacts = { retiredLinks: boolean; wasLocked: boolean };
const linksRetired = (facts: LinkFacts) =>
  facts.retiredLinks
    ? `; ${facts.wasLocked ? 'the lock after wrong codes is lifted and ' : ''}earlier links no longer work`
    : '';

/**
 * The dedupe key of a message a sender's button queues to a signer: one a minute at most, however
 * often it is pressed; but always one when the earlier links were just retired, or the signer
 * would be left with none that works.
 */
const oncePerMinute = (prefix: string, facts: LinkFacts & { signerId: string }, at: Date) =>
  facts.retiredLinks
    ? `${prefix}:${facts.signerId}:unlocked:${at.getTime()}`
    : `${prefix}:${facts.signerId}:${Math.floor(at.getTime() / 60_000)}`;
/** The other side's comments reach the owner; the team's reach whom they mention. */
const fromOtherSide = (data: { authorKind: string }) => data.authorKind === 'reviewer';

/**
 * Every step of a contract's life, declared once: its status move, its event (whose data schema
 * is in shared/events.ts), its history entry and wording, the owner's bell notice, the mail sent
 * with it, and the consumers that follow. `transition()` (./transition.ts) is the only code that
 * applies one, so history, events and notices are written nowhere else
 * (tests/unit/lifecycle-boundary.test.ts).
 */
export const steps: { [T in EventType]: Step<T> } = {
  'contract.created': {
    history: {
      action: (facts) => (facts.origin?.from === 'template' ? 'created_from_template' : 'created'),
      details: ({ origin }) => (origin ? `${originWording[origin.from]}: ${origin.title}` : null),
    },
  },
  'contract.updated': { history: { action: 'updated', details: () => 'Contract updated' } },
  'contract.file_added': {
    history: {
      action: 'file_added',
      details: (facts) =>
        `PDF "${facts.name}" added (${plural(Number(facts.pages), 'page')}, SHA-256 ${facts.sha256})`,
    },
    followedBy: ['place-tagged-fields'],
  },
  'contract.file_removed': {
    history: { action: 'file_removed', details: (facts) => `PDF "${facts.name}" removed` },
  },
  'contract.restored': {
    history: {
      action: 'version_restored',
      details: (facts) => `Version ${facts.version} restored as version ${facts.restoredAs}`,
    },
  },
  'contract.sent': {
    to: 'sent',
    history: {
      action: 'sent',
      details: (facts) =>
        `Sent to ${plural(facts.signerCount, 'recipient')} ${facts.sequential ? 'in order' : 'at once'}: ${facts.route}; version ${facts.version} (content SHA-256 ${facts.contentSha256}); frozen document SHA-256 ${facts.frozenSha256}`,
    },
    followedBy: ['mail-signers'],
  },
  'contract.viewed': {
    history: {
      action: 'viewed',
      details: (facts) =>
        `Opened by ${person(facts.signerName, facts.signerEmail)}${facts.signerRole === 'viewer' ? ', viewer: their part is done' : ''}`,
    },
    notice: { kind: 'viewed', text: (title, data) => `${data.signerName} opened "${title}"` },
    // A viewer's opening may reach the next group.
    followedBy: ['mail-signers'],
  },
  'contract.turn_reached': {
    history: {
      action: 'turn_reached',
      details: (facts) => `Group ${facts.group}'s turn: ${facts.names} invited`,
    },
    notice: {
      kind: 'turn_reached',
      text: (title, data) => `Group ${data.group}'s turn on "${title}": ${data.names} invited`,
    },
    followedBy: ['mail-signers'],
  },
  'contract.approved': {
    history: {
      action: 'approved',
      details: (facts) =>
        `Approved by ${person(facts.signerName, facts.signerEmail)}; accepted disclosure ${facts.consentVersion} (SHA-256 ${facts.consentHash})${facts.filled ? `; filled ${facts.filled}` : ''}`,
    },
    notice: { kind: 'approved', text: (title, data) => `${data.signerName} approved "${title}"` },
    followedBy: ['mail-signers'],
  },
  'contract.rejected': {
    to: 'canceled',
    history: {
      action: 'rejected',
      details: (facts) =>
        `Rejected by ${person(facts.signerName, facts.signerEmail)}, approver: ${facts.reason}`,
    },
    notice: {
      kind: 'rejected',
      text: (title, data) => `${data.signerName} rejected "${title}": ${data.reason}`,
    },
    followedBy: ['mail-owner'],
  },
  'contract.witnessed': {
    history: {
      action: 'witnessed',
      details: (facts) =>
        `Signature of ${facts.witnessedName} witnessed by ${person(facts.fullName, facts.signerEmail)}, ${facts.signatureKind} signature; accepted disclosure ${facts.consentVersion} (SHA-256 ${facts.consentHash})${facts.filled ? `; filled ${facts.filled}` : ''}`,
    },
    notice: {
      kind: 'witnessed',
      text: (title, data) => `${data.signerName} witnessed ${data.witnessedName}'s signature on "${title}"`,
    },
    followedBy: ['mail-signers'],
  },
  'contract.signed': {
    history: {
      action: 'signed',
      details: (facts) =>
        `Signed by ${person(facts.fullName, facts.signerEmail)}, ${facts.signatureKind} signature; accepted disclosure ${facts.consentVersion} (SHA-256 ${facts.consentHash})${facts.filled ? `; filled ${facts.filled}` : ''}`,
    },
    notice: { kind: 'signed', text: (title, data) => `${data.signerName} signed "${title}"` },
    followedBy: ['mail-signers'],
  },
  'contract.completed': {
    to: 'signed',
    history: { action: 'completed', details: (facts) => `All ${plural(facts.signerCount, 'signer')} signed` },
    notice: { kind: 'completed', text: (title) => `Everyone signed "${title}"` },
    followedBy: ['seal-contract'],
  },
  'contract.declined': {
    to: 'canceled',
    history: {
      action: 'declined',
      details: (facts) => `Declined by ${person(facts.signerName, facts.signerEmail)}: ${facts.reason}`,
    },
    notice: { kind: 'declined', text: (title, data) => `${data.signerName} declined "${title}"` },
    followedBy: ['mail-owner'],
  },
  'contract.canceled': {
    to: 'canceled',
    history: {
      action: 'canceled',
      details: (facts, { author }) => `Canceled by ${author.userName}: ${facts.reason}`,
    },
    followedBy: ['mail-signers'],
  },
  'contract.expired': {
    to: 'expired',
    history: {
      action: 'expired',
      details: (facts, { at }) =>
        `Expired on ${(facts.expiresAt ?? at).toISOString()} before every signer had signed`,
    },
    notice: { kind: 'expired', text: (title) => `"${title}" expired` },
    followedBy: ['mail-owner'],
  },
  'contract.sealed': {
    history: {
      action: 'sealed',
      details: (facts) =>
        `Final PDF sealed (${facts.pages} pages); signed document SHA-256 ${facts.signedSha256}; sealed file SHA-256 ${facts.sha256}`,
    },
    followedBy: ['mail-completion'],
  },
  'mail.failed': {
    history: { action: 'mail_failed', details: (facts) => facts.details },
    notice: { kind: 'mail_failed', text: (_title, data) => data.details },
  },
  'signer.reminded': {
    history: {
      action: 'reminded',
      details: (facts) =>
        `${facts.automatic === 'true' ? 'Automatic reminder' : 'Reminder'} sent to ${person(facts.signerName, facts.signerEmail)}${linksRetired(facts)}`,
    },
    mail: (facts, { contract, at }) => [
      toSigner(facts, contract, 'reminder', oncePerMinute('reminder', facts, at)),
    ],
  },
  'signer.copy_sent': {
    history: {
      action: 'signed_copy_sent',
      details: (facts) =>
        `Sealed PDF sent again to ${person(facts.signerName, facts.signerEmail)}${linksRetired(facts)}`,
    },
    // The completion's own message, with the PDF attached or a fresh link to the signer's page.
    mail: (facts, { contract, at }) => [
      toSigner(facts, contract, 'completed', oncePerMinute('completed-again', facts, at)),
    ],
  },
  'signer.code_sent': {
    history: {
      action: 'email_code_sent',
      details: (facts) =>
        `One-time code requested by ${person(facts.signerName, facts.signerEmail)}, e-mailed to ${facts.signerEmail}`,
    },
    mail: (facts, { contract, at }) => [
      toSigner(facts, contract, 'signer_code', `signer-code:${facts.signerId}:${at.getTime()}`),
    ],
  },
  'signer.check_passed': {
    history: {
      action: (facts) => (facts.check === 'access_code' ? 'access_code_entered' : 'email_code_confirmed'),
      details: (facts) =>
        `${facts.check === 'access_code' ? 'Access code entered' : 'E-mailed code confirmed'} by ${person(facts.signerName, facts.signerEmail)}`,
    },
  },
  'signer.named': {
    history: {
      action: 'recipient_named',
      details: (facts) =>
        `${person(facts.signerName, facts.signerEmail)} named ${facts.signerRole ?? 'signer'} by ${facts.namedByName}`,
    },
    notice: {
      kind: 'named',
      text: (title, data) =>
        `${data.namedByName} named ${data.signerName} to ${verbOf(data.signerRole)} "${title}"`,
    },
    followedBy: ['mail-signers'],
  },
  'signer.delegated': {
    history: {
      action: 'delegated',
      details: (facts) =>
        `${person(facts.signerName, facts.signerEmail)} delegated their turn to ${person(facts.delegateName, facts.delegateEmail)}: ${facts.reason}`,
    },
    notice: {
      kind: 'delegated',
      text: (title, data) => `${data.signerName} handed their turn on "${title}" to ${data.delegateName}`,
    },
    followedBy: ['mail-signers'],
  },
  'signer.corrected': {
    history: {
      action: 'recipient_corrected',
      details: (facts, { author }) =>
        facts.previousEmail === null
          ? `${author.userName} named ${person(facts.signerName, facts.signerEmail)} for ${facts.previousName || 'a recipient'}, left to be named by an earlier recipient, who no longer names them`
          : `${author.userName} corrected ${person(facts.previousName, facts.previousEmail)} to ${person(facts.signerName, facts.signerEmail)}; earlier links no longer work`,
    },
    notice: {
      kind: 'corrected',
      text: (title, data) =>
        data.previousEmail === null
          ? `${data.signerName} named by the sender on "${title}"`
          : data.previousName === data.signerName
            ? `${data.signerName}'s address corrected to ${data.signerEmail} on "${title}"`
            : `${data.previousName} corrected to ${data.signerName} (${data.signerEmail}) on "${title}"`,
    },
    followedBy: ['mail-signers'],
  },
  'signer.added': {
    history: {
      action: 'recipient_added',
      details: (facts, { author }) =>
        `${author.userName} added ${person(facts.signerName, facts.signerEmail)} as ${facts.signerRole ?? 'signer'}`,
    },
    notice: {
      kind: 'recipient_added',
      text: (title, data) =>
        `${data.signerName || `Recipient ${data.number}`} added to "${title}" as ${data.signerRole ?? 'signer'}, group ${data.group}`,
    },
    followedBy: ['mail-signers'],
  },
  'signer.removed': {
    history: {
      action: 'recipient_removed',
      details: (facts, { author }) =>
        `${author.userName} removed ${person(facts.signerName, facts.signerEmail)} (${facts.signerRole ?? 'signer'})`,
    },
    notice: {
      kind: 'recipient_removed',
      text: (title, data) =>
        `${data.signerName || `Recipient ${data.number}`} removed from "${title}"${data.fieldsReassignedTo ? `; their fields go to recipient ${data.fieldsReassignedTo}` : ''}`,
    },
    // One who was invited hears that they have nothing to do any more (their entry is gone).
    mail: (facts, { contract }) =>
      facts.wasInvited && facts.signerEmail
        ? [
            {
              organizationId: contract.organizationId,
              contractId: contract.id,
              kind: 'removed',
              to: { name: facts.signerName, email: facts.signerEmail },
              dedupeKey: `removed:${facts.signerId}`,
            },
          ]
        : [],
    followedBy: ['mail-signers'],
  },
  'signer.link_copied': {
    history: {
      action: 'link_copied',
      details: (facts, { author }) =>
        facts.embedded
          ? `${author.userName} made an embedded signing URL for ${person(facts.signerName, facts.signerEmail)}`
          : `${author.userName} copied a signing link for ${person(facts.signerName, facts.signerEmail)}`,
    },
  },
  'signer.locked': {
    history: {
      action: 'signer_locked',
      details: (facts) =>
        `${person(facts.signerName, facts.signerEmail)} failed the ${facts.checkName} ${facts.tries} times in a row — ${facts.signed === 'true' ? 'locked out of the signed document until the sender sends them the sealed PDF again (once it is sealed)' : 'locked until the sender sends a reminder'}`,
    },
    notice: {
      kind: 'signer_locked',
      text: (title, data) =>
        data.signed === 'true'
          ? `${data.signerName} entered wrong codes for "${title}" and is locked out of the signed document: once it is sealed, send them the sealed PDF again`
          : `${data.signerName} entered wrong codes for "${title}" and is locked out: send a reminder to let them try again`,
    },
    followedBy: ['mail-owner'],
  },
  'review.sent': {
    history: {
      action: 'review_sent',
      details: (facts) => `Version ${facts.round} sent for review to ${facts.reviewerNames}`,
    },
    followedBy: ['mail-reviewers'],
  },
  'review.suggested': {
    history: {
      action: 'suggestions_made',
      details: (facts) =>
        `${person(facts.reviewerName, facts.reviewerEmail)} suggested changes to version ${facts.baseVersion}`,
    },
    notice: {
      kind: 'suggested',
      text: (title, data) => `${data.reviewerName} suggested changes to "${title}"`,
    },
  },
  'review.decided': {
    history: { action: 'suggestions_decided', details: (facts) => facts.summary },
    followedBy: ['mail-reviewers'],
  },
  'comment.added': {
    notice: {
      kind: 'commented',
      text: (title, data) => `${data.authorName} (other side) commented on "${title}"`,
      when: fromOtherSide,
    },
    followedBy: ['mail-reviewers', 'notify-mentions'],
  },
  'approval.requested': {
    history: {
      action: 'approval_requested',
      details: (facts) =>
        `Approval requested from ${facts.approverNames}${facts.version ? ` on version ${facts.version}` : ''}`,
    },
    followedBy: ['approval-notices'],
  },
  'approval.approved': {
    history: { action: 'approval_approved', details: (facts) => decision('Approved', facts) },
    followedBy: ['approval-notices'],
  },
  'approval.rejected': {
    history: { action: 'approval_rejected', details: (facts) => decision('Rejected', facts) },
    followedBy: ['approval-notices'],
  },
  'approval.withdrawn': {
    history: {
      action: 'approval_withdrawn',
      details: (facts) => `Approval by ${facts.approverNames} withdrawn: ${facts.reason}`,
    },
    followedBy: ['approval-notices'],
  },
  // A batch's step, not a contract's: webhooks hear of it, and its sender's bell
  // (record-organization-step.ts).
  'bulk_send.finished': {},
  'contract.terms_changed': {
    history: {
      action: 'terms_changed',
      details: (facts) =>
        `Key terms ${facts.source === 'merge_fields' ? "filled from the draft's merge fields" : `changed${facts.source === 'bulk' ? ' in a bulk edit' : ''}`}: ${facts.summary}`,
    },
  },
  'contract.deadline_approaching': {
    history: {
      action: 'deadline_reminded',
      details: (facts) =>
        `${facts.recipientNames} reminded of the ${facts.label.toLowerCase()} on ${facts.dueOn} (${plural(Number(facts.daysLeft), 'day')} left)`,
    },
    followedBy: ['deadline-notices'],
  },
  'contract.renewed': {
    history: {
      action: 'renewed',
      details: (facts) =>
        `Renewed automatically: the end date moved from ${facts.previousEndOn} to ${facts.endOn}`,
    },
    notice: {
      kind: 'renewed',
      text: (title, data) => `"${title}" renewed automatically; it now ends on ${data.endOn}`,
    },
  },
};

function decision(verb: string, facts: StepFacts<'approval.approved'>): string {
  const on = facts.version ? ` version ${facts.version}` : '';
  return `${verb}${on}${facts.asAdmin ? ' (as an admin)' : ''}${facts.comment ? `: ${facts.comment}` : ''}`;
}

/** The owner's bell notice for an event, if the owner hears of it. */
export function ownerNoticeOf<T extends EventType>(
  type: T,
  data: EventData<T>,
): { kind: NotificationKind; text: (title: string) => string } | null {
  const notice = (steps[type] as Step<T>).notice;
  if (!notice || (notice.when && !notice.when(data))) return null;
  return { kind: notice.kind, text: (title) => notice.text(title, data) };
}
