import { and, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { type EventType, eventTypes } from '../../shared/events';
import type { Database } from '../db/client';
import { comments, webhookEndpoints } from '../db/schema';

/** What a subscription may look at when an event is recorded: the row being written. */
export type SubscribedEvent = {
  organizationId: string;
  type: EventType;
  data?: Record<string, string | null>;
};

type Subscription = {
  on: readonly EventType[];
  maxAttempts?: number;
  /**
   * Whether the consumer has anything to do with this event, asked in the transaction that
   * records it (so the answer and the event commit together). Without it, every event in `on` is
   * wanted. A predicate must be cheap (at most one indexed query) and may only answer false when
   * the job would provably do nothing.
   */
  wanted?: (tx: Database, event: SubscribedEvent) => boolean | Promise<boolean>;
};

/**
 * The owner's bell tells of every event it is subscribed to but the team's own comments: those
 * reach whom they mention (notify-mentions), and the other side mentions no one.
 */
export function ownerHearsOf(event: Pick<SubscribedEvent, 'type' | 'data'>): boolean {
  return event.type !== 'comment.added' || event.data?.authorKind === 'reviewer';
}

/**
 * The other side hears of a comment when the team writes in a shared thread a reviewer wrote in
 * (one query on the thread's comments); their own comments and the team's internal ones, or
 * threads no reviewer took part in, are not for them.
 */
async function reviewersHearOf(tx: Database, event: SubscribedEvent): Promise<boolean> {
  const { data } = event;
  if (data?.authorKind !== 'user' || data.visibility !== 'shared' || !data.threadId) return false;
  const [reviewerWrote] = await tx
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.threadId, data.threadId), isNotNull(comments.authorReviewerId)))
    .limit(1);
  return reviewerWrote !== undefined;
}

/** The endpoints of an organization that want an event of this type: enabled, and all events or this one. */
export function endpointsWanting(organizationId: string, type: EventType): SQL | undefined {
  return and(
    eq(webhookEndpoints.organizationId, organizationId),
    eq(webhookEndpoints.enabled, true),
    or(eq(webhookEndpoints.allEvents, true), sql`${type} = any(${webhookEndpoints.events})`),
  );
}

/**
 * Whether any endpoint of the organization wants the event: one query on the organization's
 * index. Read in the recording transaction, it sees the endpoints committed before it; an
 * endpoint saved by a transaction that commits later is not asked about this event, as if it had
 * been saved after the event (nothing is lost that was promised: an endpoint hears of the events
 * recorded once it exists). When one is there, the fan-out reads the endpoints again when it
 * runs, so one turned off meanwhile gets nothing and one added meanwhile may get the event too.
 */
async function anyEndpointWants(tx: Database, event: SubscribedEvent): Promise<boolean> {
  const [found] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(endpointsWanting(event.organizationId, event.type))
    .limit(1);
  return found !== undefined;
}

/**
 * Which consumer reacts to which event: one job per consumer and event is queued in the
 * transaction that records the event (services/lifecycle/record-event.ts), so a reaction exists
 * if and only if what it reacts to committed, and runs once however often it is retried. A
 * consumer with a `wanted` predicate is queued only for the events it would act on (the others'
 * jobs would only compete with the seal and the mail). Each consumer is a job definition in
 * jobs/definitions/ named by its key here; this table only names them, so the services that
 * record events never import the consumers (which use services).
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
    wanted: (_tx, event) => ownerHearsOf(event),
  },
  'mail-signers': { on: ['contract.sent', 'contract.signed', 'contract.canceled'] },
  'mail-owner': { on: ['contract.declined', 'contract.expired', 'signer.locked'] },
  'mail-reviewers': {
    on: ['review.sent', 'review.decided', 'comment.added'],
    wanted: (tx, event) => event.type !== 'comment.added' || reviewersHearOf(tx, event),
  },
  'seal-contract': { on: ['contract.completed'], maxAttempts: 10 },
  'mail-completion': { on: ['contract.sealed'] },
  'notify-mentions': { on: ['comment.added'] },
  'approval-notices': {
    on: ['approval.requested', 'approval.approved', 'approval.rejected', 'approval.withdrawn'],
  },
  'deliver-webhooks': { on: eventTypes, wanted: anyEndpointWants },
} as const satisfies Record<string, Subscription>;

export type EventConsumerName = keyof typeof eventSubscriptions;

type Consumer = { name: EventConsumerName; maxAttempts?: number };

const subscriptions = Object.entries(eventSubscriptions) as [EventConsumerName, Subscription][];

const consumerOf = (name: EventConsumerName, subscription: Subscription): Consumer => ({
  name,
  ...(subscription.maxAttempts ? { maxAttempts: subscription.maxAttempts } : {}),
});

/** The consumers subscribed to a type of event, whether or not a given event of it concerns them. */
export function consumersOf(type: EventType): Consumer[] {
  return subscriptions
    .filter(([, subscription]) => subscription.on.includes(type))
    .map(([name, subscription]) => consumerOf(name, subscription));
}

/** The consumers that have something to do with this event, asked in the transaction recording it. */
export async function consumersWanting(tx: Database, event: SubscribedEvent): Promise<Consumer[]> {
  const wanting: Consumer[] = [];
  for (const [name, subscription] of subscriptions) {
    if (!subscription.on.includes(event.type)) continue;
    if (subscription.wanted && !(await subscription.wanted(tx, event))) continue;
    wanting.push(consumerOf(name, subscription));
  }
  return wanting;
}
