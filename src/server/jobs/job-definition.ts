import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import type { ContractHead, JobRow } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { PdfEngine } from '../pdf/pdf-engine';
import type { JobHandler } from '../queue/job-runner';
import type { JobType } from '../queue/job-type';
import { type EventConsumerName, eventPayload } from '../services/lifecycle/event-consumer-names';
import type { TargetRules } from '../services/webhooks/webhook-target';
import type { FileStore } from '../uploads/file-store';
import { eventOf, type RecordedEvent } from './event-of';

/** What every job may use: given once, when the process starts its background work. */
export type JobDeps = {
  db: Database;
  mailer: Mailer;
  appUrl: URL;
  log: FastifyBaseLogger;
  pdf: PdfEngine;
  /** Where frozen and sealed PDFs' bytes live (the database handle's file store). */
  files: FileStore;
  /** The instance certificate, used when the organization has none of its own. */
  certificate: { p12: Uint8Array; password: string };
  /** SESSION_SECRET, which unlocks the password of an organization's own certificate. */
  secret: string;
  tsaUrl?: string;
  /**
   * Where webhooks may go (WEBHOOKS_ALLOW_PRIVATE, and for tests the resolver), and for tests how
   * many failures in a row turn an endpoint off (defaultDisableAfterFailures otherwise) and how
   * long a receiver may take (webhookTimeoutMs otherwise).
   */
  webhooks?: TargetRules & { disableAfterFailures?: number; timeoutMs?: number };
};

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
