/**
 * What happens to a contract, as recorded once in the transaction that makes it happen. Every
 * reaction (the owner's notification, e-mail, the seal, webhooks) is a consumer of these events,
 * and the webhooks offer exactly this list.
 */
export const eventTypes = [
  'contract.sent',
  'contract.viewed',
  'contract.signed',
  'contract.completed',
  'contract.declined',
  'contract.canceled',
  'contract.expired',
  'contract.sealed',
  'mail.failed',
  'signer.locked',
  'review.sent',
  'review.suggested',
  'review.decided',
  'comment.added',
  'approval.requested',
  'approval.approved',
  'approval.rejected',
  'approval.withdrawn',
] as const;
export type EventType = (typeof eventTypes)[number];

const eventLabels: Record<EventType, string> = {
  'contract.sent': 'Contract sent',
  'contract.viewed': 'Contract viewed by a signer',
  'contract.signed': 'Contract signed by a signer',
  'contract.completed': 'Contract signed by everyone',
  'contract.declined': 'Contract declined by a signer',
  'contract.canceled': 'Contract canceled',
  'contract.expired': 'Contract expired',
  'contract.sealed': 'Sealed PDF ready',
  'mail.failed': 'E-mail could not be delivered',
  'signer.locked': 'Signer locked out after wrong codes',
  'review.sent': 'Draft sent for review',
  'review.suggested': 'Changes suggested by a reviewer',
  'review.decided': "A reviewer's suggestions accepted or rejected",
  'comment.added': 'Comment or reply added',
  'approval.requested': 'Approval of a draft requested',
  'approval.approved': 'Draft approved by an approver',
  'approval.rejected': 'Draft rejected by an approver',
  'approval.withdrawn': 'Approval withdrawn by a change to the draft',
};

export function eventLabel(type: EventType): string {
  return eventLabels[type];
}

export function isEventType(value: string): value is EventType {
  return (eventTypes as readonly string[]).includes(value);
}
