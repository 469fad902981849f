import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { http, startBuiltServer, stopAllServers } from '../support/built-server';
import { openEventStream } from '../support/event-stream';
import { createPostgresDatabase, postgresReachable } from '../support/postgres-server';
import { latestTokenFor } from '../support/signing';
import { startSmtpPeer } from '../support/smtp-peer';
import { sampleDocument } from '../support/test-app';

afterAll(stopAllServers);
const postgresUp = await postgresReachable();

describe.skipIf(!postgresUp)('two app processes on one PostgreSQL database', () => {
  it('run each job once, at once, and a notification written through one reaches a stream on the other', {
    timeout: 180_000,
  }, async () => {
    const peer = await startSmtpPeer();
    const database = await createPostgresDatabase();
    // The safety poll is a minute away: whatever happens within seconds was woken by a NOTIFY.
    const env = (name: string) => ({
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), `pactum-${name}-`)),
      SESSION_SECRET: 'two-processes-secret-two-processes-secret',
      DEMO: 'false',
      SMTP_URL: peer.url,
      JOBS_POLL_MS: '60000',
    });
    const first = await startBuiltServer(env('first'));
    const second = await startBuiltServer(env('second'));
    try {
      // A sign-up through the first process: its confirmation mail is a job, run by either.
      const signedUpAt = performance.now();
      const signUp = await http(first.base, '/api/auth/sign-up', {
        json: {
          name: 'Kim Sender',
          email: 'kim@example.com',
          password: 'correct horse battery staple',
          organizationName: 'Two Processes Ltd',
        },
      });
      expect(signUp.status).toBe(202);
      await expect.poll(() => peer.to('kim@example.com').length, { timeout: 20_000, interval: 10 }).toBe(1);
      // Sign-up answers after 400 ms on purpose; the mail follows within seconds, not at the minute's poll.
      expect(performance.now() - signedUpAt).toBeLessThan(10_000);
      const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(
        peer.to('kim@example.com')[0]?.text ?? '',
      )?.[1];
      // Confirmed through the second process: the session is the database's, valid on both.
      const confirmed = await http(second.base, '/api/auth/sign-up/confirm', {
        json: { token, password: 'correct horse battery staple' },
      });
      expect(confirmed.status).toBe(200);
      const owner = confirmed.cookie;

      // The owner's page is served by the second process…
      const stream = await openEventStream(`${second.base}/api/notifications/stream`, owner);
      try {
        // …while the contract is sent and opened through the first.
        const created = await http(first.base, '/api/contracts', {
          cookie: owner,
          json: {
            title: 'Two processes agreement',
            content: sampleDocument(),
            signers: [{ name: 'Lee One', email: 'lee@example.com' }],
          },
        });
        expect(created.status).toBe(201);
        const sent = await http(first.base, `/api/contracts/${created.body.id}/send`, {
          cookie: owner,
          json: {},
        });
        expect(sent.status).toBe(200);
        await expect.poll(() => peer.to('lee@example.com').length, { timeout: 20_000, interval: 10 }).toBe(1);
        expect(stream.events).toHaveLength(0);
        const opened = await http(first.base, '/api/signing/sessions', {
          json: { token: latestTokenFor(peer, 'lee@example.com') },
        });
        expect(opened.status).toBe(200);
        const openedAt = performance.now();
        await expect
          .poll(() => stream.events.length, { timeout: 10_000, interval: 2 })
          .toBeGreaterThanOrEqual(1);
        // The old stream looked every 2 s; the NOTIFY of the commit reaches the other process at once.
        expect((stream.events[0]?.at ?? 0) - openedAt).toBeLessThan(1_500);
        const list = await http(second.base, '/api/notifications', { cookie: owner });
        expect(list.body.items.map((item: { kind: string }) => item.kind)).toContain('viewed');
      } finally {
        await stream.cancel();
      }

      // Every job either process took ran exactly once: succeeded at the first attempt, and each
      // mail arrived once.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await expect
          .poll(
            async () =>
              (await client.query(`select count(*)::int as n from jobs where status <> 'succeeded'`)).rows[0]
                .n,
            {
              timeout: 20_000,
            },
          )
          .toBe(0);
        const { rows } = await client.query('select type, attempts from jobs');
        expect(rows.length).toBeGreaterThanOrEqual(2);
        expect(rows.every((row) => row.attempts === 1)).toBe(true);
      } finally {
        await client.end();
      }
      expect(peer.to('kim@example.com')).toHaveLength(1);
      expect(peer.to('lee@example.com')).toHaveLength(1);
    } finally {
      await first.stop();
      await second.stop();
      await peer.close();
      await database.drop();
    }
  });
});
