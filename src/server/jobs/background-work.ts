import * as clock from '../clock';
import type { JobDeps } from '../context';
import type { Database } from '../db/client';
import { loggableCause } from '../logging';
import { type JobHandler, JobRunner } from '../queue/job-runner';
import { sendDeadlineDigests } from '../services/deadlines/deadline-notices';
import { remindDeadlines } from '../services/deadlines/remind-deadlines';
import { renewContracts } from '../services/deadlines/renew-contracts';
import { expireContracts } from '../services/sweeps/expire-contracts';
import { pruneRateLimits } from '../services/sweeps/prune-rate-limits';
import { purgeEmailVerifications } from '../services/sweeps/purge-email-verifications';
import { purgeUnnamedFiles } from '../services/sweeps/purge-unnamed-files';
import { sendDueReminders } from '../services/sweeps/send-due-reminders';
import { jobDefinitions } from './definitions';
import { bindJob } from './job-definition';

export type BackgroundDeps = JobDeps;

/** The runner's handlers: every job definition, with this process's dependencies. */
export function jobHandlers(deps: BackgroundDeps): Record<string, JobHandler> {
  return Object.fromEntries(jobDefinitions.map((definition) => [definition.type, bindJob(definition, deps)]));
}

/**
 * Expiry, automatic reminders, old confirmation links and old rate-limit counters; with
 * `deadlines`, renewals, deadline reminders and digests too: cheap queries, safe to run from every
 * process at once.
 */
export async function runSweeps(
  db: Database,
  now = clock.now(),
  options: { deadlines?: boolean } = {},
): Promise<{
  expired: number;
  reminded: number;
  purged: number;
  pruned: number;
  renewed: number;
  deadlines: number;
  digests: number;
}> {
  const expired = await expireContracts(db, now);
  const reminded = await sendDueReminders(db, now);
  const purged = await purgeEmailVerifications(db, now);
  const pruned = await pruneRateLimits(db, now);
  if (options.deadlines === false)
    return { expired, reminded, purged, pruned, renewed: 0, deadlines: 0, digests: 0 };
  // Renewals first: a renewed contract's next notice deadline may be due for a reminder at once.
  const renewed = await renewContracts(db, now);
  const deadlines = await remindDeadlines(db, now);
  const digests = await sendDeadlineDigests(db, now);
  return { expired, reminded, purged, pruned, renewed, deadlines, digests };
}

/**
 * The process's background work: the job runner (mail, sealing) and, every minute, the sweeps.
 * Any number of processes may run it against one database.
 */
export function startBackgroundWork(
  deps: BackgroundDeps,
  options: { pollMs?: number; sweepMs?: number } = {},
) {
  const runner = new JobRunner({
    db: deps.db,
    handlers: jobHandlers(deps),
    log: deps.log,
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
  });
  runner.start();
  let sweeping: Promise<unknown> = Promise.resolve();
  // Stored files are looked over hourly: listing them all every minute would be wasted work.
  let filesSweptAt = 0;
  // Deadlines are days: looking for due reminders (every deadline of the coming months, against
  // each person's lead times) every quarter of an hour is soon enough.
  let deadlinesSweptAt = 0;
  const sweep = () => {
    const sweepFiles = Date.now() - filesSweptAt >= 60 * 60 * 1000;
    if (sweepFiles) filesSweptAt = Date.now();
    const deadlines = Date.now() - deadlinesSweptAt >= 15 * 60 * 1000;
    if (deadlines) deadlinesSweptAt = Date.now();
    sweeping = runSweeps(deps.db, clock.now(), { deadlines })
      .then(() => (sweepFiles ? purgeUnnamedFiles(deps.db, deps.files) : 0))
      .catch((error: unknown) => deps.log.warn({ err: loggableCause(error) }, 'sweep failed'));
  };
  const timer = setInterval(sweep, options.sweepMs ?? 60_000);
  sweep();
  return {
    runner,
    async stop() {
      clearInterval(timer);
      await runner.stop();
      await sweeping;
    },
  };
}
