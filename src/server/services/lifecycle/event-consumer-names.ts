import { z } from 'zod';

/**
 * The consumers of recorded events, by name: what the steps (steps.ts, `followedBy`), the
 * subscriptions (event-consumers.ts) and the job definitions (jobs/) all name, kept apart so that
 * none of them imports another for it. Each is a job definition in jobs/definitions/.
 */
export const eventConsumerNames = [
  'notify-owner',
  'mail-signers',
  'mail-owner',
  'mail-reviewers',
  'seal-contract',
  'mail-completion',
  'notify-mentions',
  'approval-notices',
  'place-tagged-fields',
  'deadline-notices',
  'deliver-webhooks',
] as const;

export type EventConsumerName = (typeof eventConsumerNames)[number];

/** The payload of every event consumer's job: the event, which holds the rest. */
export const eventPayload = z.object({ eventId: z.uuid() });
