import { afterAll, describe, expect, it } from 'vitest';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { consentDisclosure } from '../../src/shared/consent';
import { http, startBuiltServer, stopAllServers } from '../support/built-server';
import { migratedDataDir } from '../support/built-server-data';
import { latestTokenFor } from '../support/signing';
import { startSmtpPeer } from '../support/smtp-peer';
import { sampleDocument } from '../support/test-app';

afterAll(stopAllServers);

describe('a process killed between the last signature and the seal', () => {
  // Three starts of the built server (each may take minutes on a busy machine), and the dead
  // process's lock expires after 30 s before its seal is taken up again.
  it('seals the contract after the restart, exactly once', { timeout: 420_000 }, async () => {
    const peer = await startSmtpPeer();
    const dataDir = await migratedDataDir('pactum-crash-');
    const env = { DATA_DIR: dataDir, DEMO: 'false', SMTP_URL: peer.url };

    // Sent and half signed by a normal server, which then stops.
    let server = await startBuiltServer(env);
    const signUp = await http(server.base, '/api/auth/sign-up', {
      json: {
        name: 'Kim Sender',
        email: 'kim@example.com',
        password: 'correct horse battery staple',
        organizationName: 'Crash Test Ltd',
      },
    });
    expect(signUp.status).toBe(202);
    // The account exists once the link mailed to the address is opened.
    await expect.poll(() => peer.to('kim@example.com').length, { timeout: 20_000 }).toBe(1);
    const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(peer.to('kim@example.com')[0]?.text ?? '')?.[1];
    const confirmed = await http(server.base, '/api/auth/sign-up/confirm', {
      json: { token, password: 'correct horse battery staple' },
    });
    expect(confirmed.status).toBe(200);
    const owner = confirmed.cookie;
    const created = await http(server.base, '/api/contracts', {
      cookie: owner,
      json: {
        title: 'Crash-safe agreement',
        content: sampleDocument(),
        signers: [
          { name: 'Lee One', email: 'lee@example.com' },
          { name: 'Max Two', email: 'max@example.com' },
        ],
      },
    });
    const id = created.body.id as string;
    expect((await http(server.base, `/api/contracts/${id}/send`, { cookie: owner, json: {} })).status).toBe(
      200,
    );
    await expect.poll(() => peer.received.length, { timeout: 20_000 }).toBe(3);
    const sign = async (base: string, email: string) => {
      const session = await http(base, '/api/signing/sessions', {
        json: { token: latestTokenFor(peer, email) },
      });
      return http(base, `/api/signing/${session.body.signerId}/sign`, {
        cookie: session.cookie,
        json: {
          consentVersion: consentDisclosure.version,
          fields: { fullName: email },
          signature: { kind: 'drawn', image: signatureDataUrl() },
        },
      });
    };
    expect((await sign(server.base, 'lee@example.com')).status).toBe(204);
    await server.stop();

    // A process that runs no jobs takes the last signature, and dies right after its commit.
    server = await startBuiltServer({ ...env, JOBS: 'false' }, server.port);
    expect((await sign(server.base, 'max@example.com')).status).toBe(204);
    await server.kill();

    // After the restart the queued seal runs: one seal, one final document, one e-mail each.
    server = await startBuiltServer(env, server.port);
    await expect
      .poll(
        async () =>
          (await http(server.base, `/api/contracts/${id}/signing`, { cookie: owner })).body.sealedAt,
        {
          timeout: 60_000,
        },
      )
      .not.toBeNull();
    const history = await http(server.base, `/api/contracts/${id}/history`, { cookie: owner });
    const actions = (history.body.items as { action: string }[]).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'completed')).toHaveLength(1);
    expect(actions.filter((action) => action === 'sealed')).toHaveLength(1);
    for (const email of ['lee@example.com', 'max@example.com', 'kim@example.com']) {
      await expect
        .poll(() => peer.to(email).filter((mail) => mail.subject?.startsWith('Completed')).length, {
          timeout: 20_000,
        })
        .toBe(1);
    }
    await server.stop();
    await peer.close();
  });
});
