import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll } from 'vitest';
import type { JobDeps } from '../../src/server/context';
import { jobHandlers } from '../../src/server/jobs/background-work';
import { type Mailer, outboxMailer, smtpMailer } from '../../src/server/mail/mailer';
import { JobRunner } from '../../src/server/queue/job-runner';
import { startSmtpPeer } from './smtp-peer';
import { type TestContext, testAppUrl, testCertificate, testSecret } from './test-app';
import type { TestDatabase } from './test-database';
import { testEngines } from './test-engines';

/** Where the jobs' webhooks may go (private addresses refused unless given) and how they are delivered. */
type WebhookOptions = Partial<Pick<JobDeps, 'webhookTargets' | 'webhookDelivery'>>;

/**
 * The real job handlers (mail, sealing), run on demand instead of by a polling loop, delivering
 * to the SMTP server at smtpUrl.
 */
export async function backgroundFor(
  database: Pick<TestDatabase, 'db' | 'files'>,
  smtpUrl: string,
  options: WebhookOptions = {},
) {
  return backgroundWith(
    database,
    smtpMailer({ url: smtpUrl, from: 'Pactum <no-reply@example.com>' }),
    options,
  );
}

/**
 * Mail for a test file's app (after `testApp()`): an SMTP peer in the test process and the
 * background work delivering to it, both closed once the file's tests are done (before the app).
 */
export async function withMail(ctx: TestContext, options: WebhookOptions = {}) {
  const peer = await startSmtpPeer();
  const background = await backgroundFor(ctx.database, peer.url, options);
  afterAll(async () => {
    background.close();
    await peer.close();
  });
  return { peer, background };
}

/**
 * The same without SMTP: mail stays in the local outbox, and the outbox mailer writes each line
 * it logs (in demo mode, the access links) to `logLines`, as a server's log would show them.
 */
export async function outboxBackgroundFor(
  database: Pick<TestDatabase, 'db' | 'files'>,
  options: { demo: boolean; logLines: string[] },
) {
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        options.logLines.push(String(chunk));
        done();
      },
    }),
  );
  return backgroundWith(database, outboxMailer(log, { printAccessLinks: options.demo }), {}, log);
}

async function backgroundWith(
  { db, files }: Pick<TestDatabase, 'db' | 'files'>,
  mailer: Mailer,
  options: WebhookOptions,
  log = pino({ level: 'silent' }),
) {
  const runner = new JobRunner({
    db,
    log: pino({ level: 'silent' }),
    handlers: jobHandlers({
      db,
      files,
      mailer,
      ...(await testEngines()),
      appUrl: testAppUrl,
      log,
      instanceCertificate: testCertificate(),
      secret: testSecret,
      webhookTargets: options.webhookTargets ?? { allowPrivate: false },
      ...(options.webhookDelivery ? { webhookDelivery: options.webhookDelivery } : {}),
    }),
  });
  return {
    runner,
    /** Closes the pooled SMTP connections (before the SMTP peer stops). */
    close: () => mailer.close(),
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
