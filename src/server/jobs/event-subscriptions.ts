import { type EventType, eventTypes } from '../../shared/events';

/**
 * Which consumer reacts to which event: one job per consumer and event is queued in the
 * transaction that records the event (services/lifecycle/record-event.ts), so a reaction exists
 * if and only if what it reacts to committed, and runs once however often it is retried. Each
 * consumer is a job definition in jobs/definitions/ named by its key here; this table only names
 * them, so the services that record events never import the consumers (which use services).
 */
export const eventSubscriptions = {
  'notify-owner': {
    on: [
      'contract.viewed',
      'contract.signed',
      'contract.declined',
      'contract.completed',
      'contract.expired',
      'mail.failed',
      'signer.locked',
      'review.suggested',
      'comment.added',
    ],
  },
  'mail-signers': { on: ['contract.sent', 'contract.signed', 'contract.canceled'] },
  'mail-owner': { on: ['contract.declined', 'contract.expired', 'signer.locked'] },
  'mail-reviewers': { on: ['review.sent', 'review.decided'] },
  'seal-contract': { on: ['contract.completed'], maxAttempts: 10 },
  'mail-completion': { on: ['contract.sealed'] },
  'notify-mentions': { on: ['comment.added'] },
  'approval-notices': {
    on: ['approval.requested', 'approval.approved', 'approval.rejected', 'approval.withdrawn'],
  },
  'deliver-webhooks': { on: eventTypes },
} as const satisfies Record<string, { on: readonly EventType[]; maxAttempts?: number }>;

export type EventConsumerName = keyof typeof eventSubscriptions;

export function consumersOf(type: EventType): { name: EventConsumerName; maxAttempts?: number }[] {
  return (
    Object.entries(eventSubscriptions) as [
      EventConsumerName,
      { on: readonly EventType[]; maxAttempts?: number },
    ][]
  )
    .filter(([, subscription]) => subscription.on.includes(type))
    .map(([name, subscription]) => ({
      name,
      ...(subscription.maxAttempts ? { maxAttempts: subscription.maxAttempts } : {}),
    }));
}
