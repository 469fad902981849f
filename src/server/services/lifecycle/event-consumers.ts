import { and, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { EventType } from '../../../shared/events';
import type { Database } from '../../db/client';
import { comments, contracts, webhookEndpoints } from '../../db/schema';
import { type JobType, jobType } from '../../queue/job-type';
import { type EventConsumerName, eventPayload } from './event-consumer-names';
import { ownerNoticeOf, type Step, steps } from './steps';

/** What a subscription may look at when an event is recorded: the row being written. */
export type SubscribedEvent = {
  organizationId: string;
  contractId?: string | null;
  type: EventType;
  data?: Record<string, string | null>;
  /** The user whose action it records (none for a recipient's, or the system's). */
  authorUserId?: string | null;
};

type Subscription = {
  maxAttempts?: number;
  /**
   * Whether the consumer has anything to do with this event, asked in the transaction that
   * records it (so the answer and the event commit together). Without it, every event it follows is
   * wanted. A predicate must be cheap (at most one indexed query) and may only answer false when
   * the job would provably do nothing.
   */
  wanted?: (tx: Database, event: SubscribedEvent) => boolean | Promise<boolean>;
};

/** The owner's bell tells of the events whose step declares a notice for them (lifecycle/steps.ts). */
export function ownerHearsOf(event: Pick<SubscribedEvent, 'type' | 'data'>): boolean {
  return ownerNoticeOf(event.type, (event.data ?? {}) as never) !== null;
}

/**
 * …but never of what they did themselves (correcting, adding or removing a recipient, naming one,
 * commenting): one indexed read of the contract's owner, only for an event a user's action made.
 */
async function ownerHearsOfOthers(tx: Database, event: SubscribedEvent): Promise<boolean> {
  if (!ownerHearsOf(event)) return false;
  if (!event.authorUserId || !event.contractId) return true;
  const [contract] = await tx
    .select({ createdBy: contracts.createdBy })
    .from(contracts)
    .where(eq(contracts.id, event.contractId));
  return contract?.createdBy !== event.authorUserId;
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
 * The consumers of recorded events, and when each is queued: one job per consumer and event is
 * queued in the transaction that records the event (services/lifecycle/record-event.ts), so a
 * reaction exists if and only if what it reacts to committed, and runs once however often it is
 * retried. Which events a consumer follows is declared with each step (lifecycle/steps.ts: the
 * owner's bell follows the steps with a notice, webhooks follow every step, the rest are named in
 * the step's `followedBy`). A consumer with a `wanted` predicate is queued only for the events it would
 * act on (the others' jobs would only compete with the seal and the mail). Each consumer is a
 * job definition in jobs/definitions/ named by its key here.
 */
export const eventSubscriptions = {
  'notify-owner': { wanted: ownerHearsOfOthers },
  'mail-signers': {},
  'mail-owner': {},
  'mail-reviewers': {
    wanted: (tx, event) => event.type !== 'comment.added' || reviewersHearOf(tx, event),
  },
  'seal-contract': { maxAttempts: 10 },
  'mail-completion': {},
  'notify-mentions': {},
  'approval-notices': {},
  'place-tagged-fields': {},
  'deadline-notices': {},
  'deliver-webhooks': { wanted: anyEndpointWants },
} as const satisfies Record<EventConsumerName, Subscription>;

type Consumer = { name: EventConsumerName; maxAttempts?: number };

/** The job a consumer of events runs as: named after the consumer, its payload the event's id. */
export function consumerJob(consumer: Consumer): JobType<typeof eventPayload> {
  return jobType({
    type: consumer.name,
    payload: eventPayload,
    ...(consumer.maxAttempts ? { maxAttempts: consumer.maxAttempts } : {}),
  });
}

const subscriptions = Object.entries(eventSubscriptions) as [EventConsumerName, Subscription][];

/** Whether a consumer follows events of this type, as the type's step declares. */
function follows(name: EventConsumerName, type: EventType): boolean {
  const step = steps[type] as Step<EventType>;
  if (name === 'deliver-webhooks') return true;
  if (name === 'notify-owner') return step.notice !== undefined;
  return (step.followedBy as readonly string[] | undefined)?.includes(name) ?? false;
}

const consumerOf = (name: EventConsumerName, subscription: Subscription): Consumer => ({
  name,
  ...(subscription.maxAttempts ? { maxAttempts: subscription.maxAttempts } : {}),
});

/** The consumers that follow a type of event, whether or not a given event of it concerns them. */
export function consumersOf(type: EventType): Consumer[] {
  return subscriptions
    .filter(([name]) => follows(name, type))
    .map(([name, subscription]) => consumerOf(name, subscription));
}

/** The consumers that have something to do with this event, asked in the transaction recording it. */
export async function consumersWanting(tx: Database, event: SubscribedEvent): Promise<Consumer[]> {
  const wanting: Consumer[] = [];
  for (const [name, subscription] of subscriptions) {
    if (!follows(name, event.type)) continue;
    if (subscription.wanted && !(await subscription.wanted(tx, event))) continue;
    wanting.push(consumerOf(name, subscription));
  }
  return wanting;
}
