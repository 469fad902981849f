import { z } from 'zod';
import { recipientRoles } from './recipients/roles';

/**
 * What happens to a contract, as recorded once in the transaction that makes it happen
 * (server/services/lifecycle/steps.ts declares each step that records one). Every reaction — the
 * owner's bell, e-mail, the seal, webhooks — is a consumer of these events, and the webhooks
 * offer exactly this list. Each event's `data` is a public interface: it is the webhook body's
 * `data` (beside `eventId`, `organization` and `contract`) and is documented in the OpenAPI
 * document's `webhooks` section from the schemas here. Values are strings or null, so a field
 * added later never changes the type of one an integrator reads.
 */

const id = (what: string) => z.string().describe(`The ${what}'s id`);
const signer = {
  signerId: id('signer'),
  signerName: z.string().describe("The signer's name"),
  signerEmail: z.string().describe("The signer's e-mail address"),
  signerRole: z
    .enum(recipientRoles)
    .optional()
    .describe(
      'What the recipient does: signer, approver, viewer, cc or witness (absent on events recorded before roles)',
    ),
};
const reason = (whose: string) => z.string().describe(`Why, in the ${whose}'s words`);
const actor = {
  actorId: id('member who took the step'),
  actorName: z.string().describe('Who took the step'),
};
const version = z.string().nullable().describe('The version number the step concerns, if any');
const recipientNumber = z
  .string()
  .describe("The recipient's number on the contract (fields refer to it); a removed one's is not reused");
const ids = (who: string) => z.string().describe(`The ids of the ${who}, separated by commas`);

/** Each event: what the webhooks screen calls it, and the schema of its `data`. */
export const eventCatalogue = {
  'contract.created': {
    label: 'Contract or template created',
    data: z.object({
      isTemplate: z.enum(['true', 'false']).describe('Whether a template was created'),
      templateId: z.string().nullable().describe('The template it was made from, if any'),
      copiedFromId: z
        .string()
        .nullable()
        .describe('The contract it was copied from (a duplicate, or a template saved from a contract)'),
    }),
  },
  'contract.updated': {
    label: 'Draft edited',
    data: z.object({
      changed: z
        .string()
        .describe(
          'What changed, separated by commas: title, content, signers, project, expiry, delegation, documents (their order), fields (on the PDFs)',
        ),
    }),
  },
  'contract.file_added': {
    label: 'PDF added to a draft',
    data: z.object({
      fileId: z.string().describe("The id of the PDF among the contract's documents"),
      name: z.string().describe('The file name as uploaded'),
      pages: z.string().describe('Its number of pages'),
      sha256: z.string().describe("SHA-256 of the file's bytes"),
    }),
  },
  'contract.file_removed': {
    label: 'PDF removed from a draft',
    data: z.object({
      fileId: z.string().describe("The id the PDF had among the contract's documents"),
      name: z.string().describe('The file name as uploaded'),
      sha256: z.string().describe("SHA-256 of the file's bytes"),
    }),
  },
  'contract.restored': {
    label: 'Earlier version restored',
    data: z.object({ version: z.string().describe('The version number restored') }),
  },
  'contract.sent': {
    label: 'Contract sent',
    data: z.object({
      version: z.string().describe('The version number sent'),
      contentSha256: z.string().describe("SHA-256 of the version's content"),
      frozenSha256: z.string().describe('SHA-256 of the PDF the signers sign'),
    }),
  },
  'contract.viewed': {
    label: "Contract opened by a recipient (a viewer's part is then done)",
    data: z.object(signer),
  },
  'contract.signed': {
    label: 'Contract signed by a signer',
    data: z.object({
      ...signer,
      nextSignerId: z
        .string()
        .nullable()
        .meta({ deprecated: true })
        .describe(
          "Deprecated, always null: who acts next is announced by contract.turn_reached (each group's turn, with the recipients invited). Kept so that receivers reading it do not break",
        ),
    }),
  },
  'contract.completed': {
    label: 'Contract signed by everyone',
    data: z.object({
      ...signer,
      fieldValues: z
        .string()
        .describe(
          'The fields placed on its PDFs as filled, as JSON: [{"label","type","signer","page","value"}] (signer by signing order, page counted from 1 in its PDF; a signature, initials or picture as "(image)")',
        ),
    }),
  },
  'contract.turn_reached': {
    label: "A group's turn came: its recipients are invited",
    data: z.object({
      group: z.string().describe('The order number of the group reached'),
      signerIds: ids('recipients invited now'),
      names: z
        .string()
        .describe('The recipients invited now, each with their role: "Ben Signer (signer), Cleo Copy (cc)"'),
    }),
  },
  'contract.approved': {
    label: 'Contract approved by an approver',
    data: z.object(signer),
  },
  'contract.rejected': {
    label: 'Contract rejected by an approver (it ends, as a decline does)',
    data: z.object({ ...signer, reason: reason('approver') }),
  },
  'contract.witnessed': {
    label: 'A signature witnessed',
    data: z.object({
      ...signer,
      witnessedId: id('signer witnessed'),
      witnessedName: z.string().describe("The witnessed signer's name"),
    }),
  },
  'contract.declined': {
    label: 'Contract declined by a signer',
    data: z.object({ ...signer, reason: z.string().describe('Why the signer declined') }),
  },
  'contract.canceled': {
    label: 'Contract canceled',
    data: z.object({ reason: z.string().describe('Why the sender canceled it') }),
  },
  'contract.expired': { label: 'Contract expired', data: z.object({}) },
  'contract.sealed': {
    label: 'Sealed PDF ready',
    data: z.object({ sha256: z.string().describe('SHA-256 of the sealed PDF') }),
  },
  'mail.failed': {
    label: 'E-mail could not be delivered',
    data: z.object({
      messageId: id('outbox message'),
      details: z.string().describe('To whom, and why it failed'),
    }),
  },
  'signer.reminded': {
    label: 'Signer reminded',
    data: z.object({
      ...signer,
      automatic: z.enum(['true', 'false']).describe('Sent by the schedule rather than by the sender'),
    }),
  },
  'signer.copy_sent': {
    label: 'Sealed PDF sent again to a signer',
    data: z.object(signer),
  },
  'signer.code_sent': {
    label: 'One-time code e-mailed to a signer',
    data: z.object(signer),
  },
  'signer.check_passed': {
    label: 'Signer passed a check',
    data: z.object({
      ...signer,
      check: z.enum(['access_code', 'email_code']).describe('Which check was passed'),
    }),
  },
  'signer.named': {
    label: 'A recipient named by an earlier one',
    data: z.object({
      ...signer,
      namedById: id('recipient who named them'),
      namedByName: z.string().describe('Who named them'),
    }),
  },
  'signer.delegated': {
    label: 'A recipient handed their turn to someone else',
    data: z.object({
      ...signer,
      delegateId: id('delegate'),
      delegateName: z.string().describe("The delegate's name"),
      delegateEmail: z.string().describe("The delegate's e-mail address"),
      reason: reason('recipient'),
    }),
  },
  'signer.corrected': {
    label: "A pending recipient's name or address corrected by the sender",
    data: z.object({
      ...signer,
      previousName: z.string().describe('The name before the correction'),
      previousEmail: z.string().nullable().describe('The address before the correction'),
    }),
  },
  'signer.added': {
    label: 'A recipient added while the contract is out',
    data: z.object({
      ...signer,
      number: recipientNumber,
      group: z.string().describe('Their group (order number)'),
    }),
  },
  'signer.removed': {
    label: 'A recipient removed while the contract is out',
    data: z.object({
      ...signer,
      number: recipientNumber,
      fieldsReassignedTo: z
        .string()
        .nullable()
        .describe('The number of the recipient who fills their fields instead, if they had any'),
    }),
  },
  'signer.link_copied': {
    label:
      "A pending recipient's signing link copied by the sender to hand over, or an embedded recipient's signing URL made for the organization's app",
    data: z.object(signer),
  },
  'signer.locked': {
    label: 'Signer locked out after wrong codes',
    data: z.object({
      signerId: signer.signerId,
      signerName: signer.signerName,
      signed: z
        .enum(['true', 'false'])
        .optional()
        .describe(
          'Whether they had signed: locked out of the page that offers the sealed PDF (absent on events recorded before it was given)',
        ),
    }),
  },
  'review.sent': {
    label: 'Draft sent for review',
    data: z.object({ round: z.string().describe('The review round (the version number sent)') }),
  },
  'review.suggested': {
    label: 'Changes suggested by a reviewer',
    data: z.object({
      reviewerName: z.string().describe("The reviewer's name"),
      suggestionId: id('suggestion'),
    }),
  },
  'review.decided': {
    label: "A reviewer's suggestions accepted or rejected",
    data: z.object({
      suggestionId: id('suggestion'),
      summary: z.string().describe('How many changes were accepted and rejected'),
    }),
  },
  'comment.added': {
    label: 'Comment or reply added',
    data: z.object({
      threadId: id('thread'),
      commentId: id('comment'),
      visibility: z.enum(['internal', 'shared']).describe('Whether the other side sees the thread'),
      authorName: z.string().describe('Who wrote it'),
      authorKind: z
        .enum(['user', 'reviewer'])
        .describe('A member of the team, or a reviewer of the other side'),
    }),
  },
  'approval.requested': {
    label: 'Approval of a draft requested',
    data: z.object({
      approverIds: ids('members asked to approve'),
      anyAdmin: z.enum(['true', 'false']).describe('Whether any admin may approve'),
      ...actor,
      version,
    }),
  },
  'approval.approved': {
    label: 'Draft approved by an approver',
    data: z.object({ ...actor, requesterIds: ids('members who asked'), version }),
  },
  'approval.rejected': {
    label: 'Draft rejected by an approver',
    data: z.object({ ...actor, requesterIds: ids('members who asked'), version }),
  },
  'approval.withdrawn': {
    label: 'Approval withdrawn by a change to the draft',
    data: z.object({
      approverIds: ids('approvers whose approval was withdrawn'),
      ...actor,
      actorId: actor.actorId.nullable(),
      reason: z.string().describe('What changed'),
    }),
  },
  'contract.terms_changed': {
    label: 'Key terms changed',
    data: z.object({
      changed: z
        .string()
        .describe(
          'The terms changed, separated by commas: counterparty, type, value, effectiveOn, duration, endOn, renewal, notice, owner, tags, or a term field of the organization by its key',
        ),
      ...actor,
      actorId: actor.actorId.nullable(),
      source: z
        .enum(['member', 'merge_fields', 'bulk'])
        .describe("Who set them: a member, the draft's merge fields, or a member's bulk edit"),
    }),
  },
  'contract.deadline_approaching': {
    label: 'Deadline reminder given',
    data: z.object({
      kind: z
        .enum(['notice', 'end', 'term'])
        .describe('notice: the last day to give notice; end: the end date; term: a date term'),
      key: z.string().describe("The date term's key for kind term; empty otherwise"),
      label: z.string().describe('What the deadline is, in words'),
      dueOn: z.string().describe('The day of the deadline (YYYY-MM-DD)'),
      daysLeft: z.string().describe('Days from the reminder to the deadline'),
      recipientIds: ids('members reminded'),
    }),
  },
  'contract.renewed': {
    label: 'Renewed automatically',
    data: z.object({
      previousEndOn: z.string().describe('The end date before the renewal (YYYY-MM-DD)'),
      endOn: z.string().describe('The new end date (YYYY-MM-DD)'),
      periods: z.string().describe('Renewal periods added'),
    }),
  },
  'bulk_send.finished': {
    label: 'Bulk send finished or stopped',
    data: z.object({
      bulkSendId: id('bulk send'),
      templateId: z.string().nullable().describe('The template sent, if it still exists'),
      status: z
        .enum(['done', 'stopped'])
        .describe('done: every row was tried; stopped: the rest was stopped'),
      rows: z.string().describe('Rows in the batch'),
      sent: z.string().describe('Rows whose contract was sent'),
      failed: z.string().describe('Rows that failed'),
      stopped: z.string().describe('Rows stopped before their turn'),
    }),
  },
} as const satisfies Record<string, { label: string; data: z.ZodObject }>;

type Catalogue = typeof eventCatalogue;
export type EventType = keyof Catalogue;
/** The `data` of an event of this type, as recorded and as a webhook receives it. */
export type EventData<T extends EventType> = z.infer<Catalogue[T]['data']>;

export const eventTypes = Object.keys(eventCatalogue) as [EventType, ...EventType[]];

export function eventLabel(type: EventType): string {
  return eventCatalogue[type].label;
}

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(eventCatalogue, value);
}

/** What every webhook body's `data` holds besides the event's own facts. */
const deliveryContext = z.object({
  eventId: z.string().describe("The event's id: the same on every attempt and on a resend"),
  organization: z.object({ id: z.string(), name: z.string() }),
  contract: z
    .object({ id: z.string(), title: z.string(), status: z.string() })
    .nullable()
    .describe('The contract as it is when the delivery is made; null once it is deleted'),
});

/** The body a webhook receiver gets for an event of this type. */
export function webhookBodySchema<T extends EventType>(type: T) {
  return z
    .object({
      type: z.literal(type),
      timestamp: z.iso.datetime({ offset: true }).describe('When it happened'),
      data: deliveryContext.extend(eventCatalogue[type].data.shape),
    })
    .describe(eventCatalogue[type].label);
}
