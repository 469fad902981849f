import type { z } from 'zod';
import type { JobDeps } from '../context';
import type { ContractHead, JobRow } from '../db/schema';
import type { JobHandler } from '../queue/job-runner';
import type { JobType } from '../queue/job-type';
import { type EventConsumerName, eventPayload } from '../services/lifecycle/event-consumer-names';
import { eventOf, type RecordedEvent } from './event-of';

/**
 * A kind of job, in one file: its name, its payload's schema and what it does. A handler may run
 * more than once for the same job (a worker can die after the work and before recording it), so
 * it checks before acting and uses idempotency keys.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = JobType<S> & {
  handle(deps: JobDeps, payload: z.infer<S>, job: JobRow): Promise<void>;
};

export function jobDefinition<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/** What a consumer of events is given: the event, typed by its type, and its contract (null once deleted). */
export type ConsumedEvent = { event: RecordedEvent; contract: ContractHead | null };

/**
 * A consumer of recorded events (see services/lifecycle/event-consumers.ts): a job named after its subscription,
 * whose payload is the event's id; the handler gets the event and its contract, read when it runs.
 */
export function eventConsumer(
  type: EventConsumerName,
  handle: (deps: JobDeps, consumed: ConsumedEvent) => Promise<void>,
): JobDefinition<typeof eventPayload> {
  return {
    type,
    payload: eventPayload,
    async handle(deps, { eventId }) {
      const found = await eventOf(deps.db, eventId);
      if (found) await handle(deps, found);
    },
  };
}

/** The runner's handler for a definition, with the process's dependencies bound. */
export function bindJob(definition: JobDefinition, deps: JobDeps): JobHandler {
  return { payload: definition.payload, handle: (payload, job) => definition.handle(deps, payload, job) };
}
