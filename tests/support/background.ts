import { pino } from 'pino';
import type { Database } from '../../src/server/db/client';
import { jobHandlers } from '../../src/server/jobs/background-work';
import { JobRunner } from '../../src/server/jobs/job-runner';
import type { Mailer } from '../../src/server/mail/mailer';
import { inlinePdfEngine } from '../../src/server/pdf/pdf-engine';
import { testAppUrl, testCertificate } from './test-app';

/** The real job handlers (mail, sealing), run on demand instead of by a polling loop. */
export async function backgroundFor(db: Database, mailer: Mailer) {
  const certificate = testCertificate();
  const runner = new JobRunner({
    db,
    log: pino({ level: 'silent' }),
    handlers: jobHandlers({
      db,
      mailer,
      pdf: await inlinePdfEngine(),
      appUrl: testAppUrl,
      log: pino({ level: 'silent' }),
      certificate: { p12: certificate.p12, password: certificate.password },
    }),
  });
  return {
    runner,
    /** Runs due jobs until none is left (jobs may queue more jobs, such as the seal's e-mails). */
    async drain(now?: Date): Promise<number> {
      let total = 0;
      for (let round = 0; round < 20; round += 1) {
        const ran = await runner.runDueJobs(now);
        total += ran;
        if (ran === 0) break;
      }
      return total;
    },
  };
}
