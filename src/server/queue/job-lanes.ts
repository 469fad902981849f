import type { JobLane } from '../db/schema';

/**
 * The runner's pools (their names: db/schema/jobs.ts). Each lane has places of its own in every process, so the jobs of one lane
 * never wait behind another's: a webhook receiver that takes its full 10 s to answer holds a
 * place of the `webhooks` lane, never one that the mail, the seal or an event's reactions need.
 */
export type LaneLimits = {
  /** Jobs of the lane running at once in one process. */
  concurrency: number;
  /**
   * Jobs of one organization running at once, in all processes together (as far as each claim
   * sees: two processes claiming at the same instant may each go up to it). Without it, an
   * organization may use every free place, but due jobs are still taken in turn by organization.
   */
  perOrganization?: number;
  /** Jobs with one concurrency key (a webhook endpoint) running at once, likewise. */
  perKey?: number;
};

/**
 * Everything but webhooks shares `default`: mostly quick waits (SMTP, the PDF thread, a few
 * queries), taken in turn by organization and with no cap, so one organization alone on the
 * instance still has every place. Webhook deliveries wait on receivers their organization chose,
 * which may take 10 s each on purpose: an organization has at most half the lane, so at least
 * one other is always served, and an endpoint at most two places, so one slow receiver of an
 * organization leaves its others some room. A bulk send's rows (each a contract made and frozen
 * to a PDF) have a lane of their own: 5,000 of them never stand before anyone's mail or seal, not
 * even their own organization's, and an organization sends at most two rows at a time, so two
 * batches of two organizations go side by side.
 */
export const jobLanes: Record<JobLane, LaneLimits> = {
  default: { concurrency: 8 },
  webhooks: { concurrency: 8, perOrganization: 4, perKey: 2 },
  bulk: { concurrency: 4, perOrganization: 2 },
};
