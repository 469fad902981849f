import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { consentDisclosure } from '../../src/shared/consent';
import { http, startBuiltServer, stopAllServers } from '../support/built-server';
import { migratedDataDir } from '../support/built-server-data';
import { sealCms } from '../support/seal-cms';
import { latestTokenFor } from '../support/signing';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer';
import { sampleDocument } from '../support/test-app';
import { type OpensslTsa, startOpensslTsa } from '../support/tsa-server';

/**
 * The PDF thread does every organization's sends and seals, one call at a time. A seal waiting on
 * the time-stamping authority (up to 15 s) used to hold that queue, the thread idle: another
 * organization's send waited for it. The seal now steps aside while it waits.
 */
let server: Awaited<ReturnType<typeof startBuiltServer>>;
let peer: SmtpPeer;
let tsa: OpensslTsa;

beforeAll(async () => {
  peer = await startSmtpPeer();
  tsa = await startOpensslTsa(mkdtempSync(join(tmpdir(), 'pactum-thread-tsa-')));
  server = await startBuiltServer({
    DATA_DIR: await migratedDataDir('pactum-thread-tsa-data-'),
    DEMO: 'false',
    SMTP_URL: peer.url,
    TSA_URL: tsa.url,
  });
}, 180_000); // the built server's start: up to 150 s on a busy machine
afterAll(async () => {
  stopAllServers();
  tsa?.server.closeAllConnections();
  tsa?.server.close();
  await peer?.close();
});

/** Polls `check` every 50 ms until it gives a value, for at most `ms`. */
async function poll<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A new organization's owner, signed up and confirmed through the mailed link: their cookie. */
async function owner(name: string, email: string, organizationName: string): Promise<string> {
  const password = 'correct horse battery staple';
  const signUp = await http(server.base, '/api/auth/sign-up', {
    json: { name, email, password, organizationName },
  });
  expect(signUp.status).toBe(202);
  const mail = await poll(`the confirmation to ${email}`, () => peer.to(email)[0]);
  const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
  const confirmed = await http(server.base, '/api/auth/sign-up/confirm', { json: { token, password } });
  expect(confirmed.status).toBe(200);
  return confirmed.cookie;
}

async function draft(cookie: string, title: string, signer: { name: string; email: string }) {
  const created = await http(server.base, '/api/contracts', {
    cookie,
    json: { title, content: sampleDocument(), signers: [signer] },
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

const send = (cookie: string, id: string) =>
  http(server.base, `/api/contracts/${id}/send`, { cookie, json: { sequential: false } });

describe('a seal waiting on a slow time-stamping authority', () => {
  it('does not delay another organization’s send, and is time-stamped once the authority answers', async () => {
    const ann = await owner('Ann Seal', 'ann@seal.example', 'Seal Waits Ltd');
    const bob = await owner('Bob Send', 'bob@send.example', 'Sends On GmbH');
    const sealed = await draft(ann, 'Sealed slowly', { name: 'Lee Signer', email: 'lee@seal.example' });
    expect((await send(ann, sealed)).status).toBe(200);
    const other = await draft(bob, 'Sent meanwhile', { name: 'Max Signer', email: 'max@send.example' });
    // A first send of Bob's organization, so the one measured is not its first of anything.
    const warm = await draft(bob, 'Sent first', { name: 'Max Signer', email: 'max@send.example' });
    expect((await send(bob, warm)).status).toBe(200);

    // The authority answers only when the test says so; the last signature starts the seal.
    const gate = tsa.hold();
    try {
      await poll('the invitation to Lee', () => peer.to('lee@seal.example')[0]);
      const session = await http(server.base, '/api/signing/sessions', {
        json: { token: latestTokenFor(peer, 'lee@seal.example') },
      });
      const signed = await http(server.base, `/api/signing/${session.body.signerId}/sign`, {
        cookie: session.cookie,
        json: {
          consentVersion: consentDisclosure.version,
          fields: { fullName: 'Lee Signer' },
          signature: { kind: 'drawn', image: signatureDataUrl() },
        },
      });
      expect(signed.status).toBe(204);
      await poll('the seal to ask the authority', () => (tsa.held() === 1 ? true : undefined));

      // Before, this send waited for the seal's 15 s time-stamp timeout, after which the seal had
      // given up on the authority; now it is answered while the seal still waits for its answer.
      const sent = await send(bob, other);
      expect(sent.status).toBe(200);
      expect(tsa.held(), 'the seal still waits for its time-stamp').toBe(1);
    } finally {
      gate.release();
    }

    // Answered, the parked seal resumes: the final PDF carries the authority's token.
    const signing = await poll('the seal', async () => {
      const state = await http(server.base, `/api/contracts/${sealed}/signing`, { cookie: ann });
      if (state.body.sealError) throw new Error(`sealing failed: ${state.body.sealError}`);
      return state.body.sealedAt ? state.body : undefined;
    });
    expect(signing.sealError).toBeNull();
    const final = await fetch(`${server.base}/api/contracts/${sealed}/documents/final`, {
      headers: { cookie: ann },
    });
    expect(final.status).toBe(200);
    const pdf = Buffer.from(await final.arrayBuffer());
    // id-aa-signatureTimeStampToken, in the seal's CMS.
    expect(sealCms(pdf).toString('hex')).toContain('060b2a864886f70d010910020e');
    expect(tsa.requests()).toBe(1);
  }, 240_000);
});
