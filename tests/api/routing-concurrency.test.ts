import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { consentDisclosure } from '../../src/shared/consent';
import { http, startBuiltServer, stopAllServers } from '../support/built-server';
import { createPostgresDatabase } from '../support/postgres-server';
import { latestTokenFor } from '../support/signing';
import { startSmtpPeer } from '../support/smtp-peer';
import { sampleDocument } from '../support/test-app';

afterAll(stopAllServers);

// The two signers of one group sign at the same instant, each through a different process on one
// PostgreSQL database: the contract lock makes the route move on to the next group exactly once.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a group finished on two processes at once', () => {
  it('reaches the next group once: one turn, one invitation each, no history entry twice', {
    timeout: 240_000,
  }, async () => {
    const peer = await startSmtpPeer();
    const database = await createPostgresDatabase();
    const env = (name: string) => ({
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), `pactum-route-${name}-`)),
      SESSION_SECRET: 'routing-concurrency-secret-routing-concurrency',
      DEMO: 'false',
      SMTP_URL: peer.url,
    });
    const first = await startBuiltServer(env('first'));
    const second = await startBuiltServer(env('second'));
    const client = new pg.Client({ connectionString: database.url });
    try {
      const password = 'correct horse battery staple';
      const signUp = await http(first.base, '/api/auth/sign-up', {
        json: { name: 'Gus Groups', email: 'gus@example.com', password, organizationName: 'Groups Ltd' },
      });
      expect(signUp.status).toBe(202);
      await expect.poll(() => peer.to('gus@example.com').length, { timeout: 30_000 }).toBe(1);
      const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(
        peer.to('gus@example.com')[0]?.text ?? '',
      )?.[1];
      const owner = (await http(first.base, '/api/auth/sign-up/confirm', { json: { token, password } }))
        .cookie;

      const together = ['hana@example.com', 'ivo@example.com'];
      const next = ['jon@example.com', 'kai@example.com', 'lou@example.com'];
      const created = await http(first.base, '/api/contracts', {
        cookie: owner,
        json: {
          title: 'Two groups agreement',
          content: sampleDocument(),
          signers: [
            { name: 'Hana Together', email: together[0], signingOrder: 1 },
            { name: 'Ivo Together', email: together[1], signingOrder: 1 },
            { name: 'Jon Next', email: next[0], signingOrder: 2 },
            { name: 'Kai Next', email: next[1], role: 'approver', signingOrder: 2 },
            { name: 'Lou Copy', email: next[2], role: 'cc', signingOrder: 2 },
          ],
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      const sent = await http(first.base, `/api/contracts/${id}/send`, {
        cookie: owner,
        json: { sequential: true },
      });
      expect(sent.status).toBe(200);
      for (const email of together) {
        await expect.poll(() => peer.to(email).length, { timeout: 30_000 }).toBe(1);
      }

      // Each opens their link on a process of their own, and both sign at once.
      const servers = [first, second];
      const sessions = await Promise.all(
        together.map(async (email, index) => {
          const base = servers[index]?.base ?? first.base;
          const opened = await http(base, '/api/signing/sessions', {
            json: { token: latestTokenFor(peer, email) },
          });
          expect(opened.status).toBe(200);
          return { base, signerId: opened.body.signerId as string, cookie: opened.cookie, email };
        }),
      );
      const signed = await Promise.all(
        sessions.map((session, index) =>
          http(session.base, `/api/signing/${session.signerId}/sign`, {
            cookie: session.cookie,
            json: {
              consentVersion: consentDisclosure.version,
              fields: { fullName: ['Hana Together', 'Ivo Together'][index] },
              signature: { kind: 'drawn', image: signatureDataUrl() },
            },
          }),
        ),
      );
      expect(signed.map((response) => response.status)).toEqual([204, 204]);

      await client.connect();
      const count = async (sql: string, params: unknown[] = []) =>
        (await client.query(sql, params)).rows[0].n as number;
      // Let every job either process took finish.
      await expect
        .poll(
          () =>
            count(
              `select count(*)::int as n from jobs where status = 'running' or (status = 'queued' and run_at <= now())`,
            ),
          {
            timeout: 30_000,
          },
        )
        .toBe(0);
      for (const email of next) {
        await expect.poll(() => peer.to(email).length, { timeout: 30_000 }).toBe(1);
      }
      expect(
        await count(
          `select count(*)::int as n from events where contract_id = $1 and type = 'contract.turn_reached'`,
          [id],
        ),
      ).toBe(1);
      const invitations = await client.query(
        `select to_email, kind from mail_messages where contract_id = $1 and to_email = any($2) order by to_email`,
        [id, next],
      );
      expect(invitations.rows).toEqual([
        { to_email: next[0], kind: 'invitation' },
        { to_email: next[1], kind: 'invitation' },
        { to_email: next[2], kind: 'cc_notice' },
      ]);
      const history = await client.query(
        'select action, details from contract_history where contract_id = $1 order by seq',
        [id],
      );
      const entries = history.rows.map((row) => `${row.action}: ${row.details}`);
      expect(new Set(entries).size).toBe(entries.length);
      expect(history.rows.filter((row) => row.action === 'turn_reached')).toHaveLength(1);
      expect(history.rows.filter((row) => row.action === 'signed')).toHaveLength(2);
      // A moment later still nothing more arrives.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (const email of next) expect(peer.to(email)).toHaveLength(1);
    } finally {
      await client.end().catch(() => {});
      await first.stop();
      await second.stop();
      await peer.close();
      await database.drop();
    }
  });
});
