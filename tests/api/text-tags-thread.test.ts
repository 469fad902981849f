import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordinaryPdf, tagFlood } from '../fixtures/pdf/text-tag-pdfs';
import { http, startBuiltServer, stopAllServers } from '../support/built-server';
import { migratedDataDir } from '../support/built-server-data';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer';

/**
 * Finding H1 of the security review of 2026-12-01, against the built server (uploads inspected
 * and their tags read in real worker threads, shared by every organization): a 1 KB PDF of 20,000
 * text tags held the thread past its 20 s limit, an upload of another organization queued behind
 * it was refused with 413 after 19 s, and the tag job was retried to do the same again.
 */
describe('a PDF of 20,000 text tags', () => {
  let server: Awaited<ReturnType<typeof startBuiltServer>>;
  let peer: SmtpPeer;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    server = await startBuiltServer({
      DATA_DIR: await migratedDataDir('pactum-text-tags-'),
      DEMO: 'false',
      SMTP_URL: peer.url,
    });
  }, 180_000); // the built server's start: up to 150 s on a busy machine
  afterAll(async () => {
    stopAllServers();
    await peer?.close();
  });

  /** A new organization's owner, signed up and confirmed: their session cookie. */
  async function organization(email: string, organizationName: string): Promise<string> {
    const password = 'correct horse battery staple';
    const signUp = await http(server.base, '/api/auth/sign-up', {
      json: { name: 'Owner', email, password, organizationName },
    });
    expect(signUp.status).toBe(202);
    await expect.poll(() => peer.to(email).length, { timeout: 30_000 }).toBe(1);
    const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(peer.to(email)[0]?.text ?? '')?.[1];
    const confirmed = await http(server.base, '/api/auth/sign-up/confirm', { json: { token, password } });
    expect(confirmed.status).toBe(200);
    return confirmed.cookie;
  }

  const upload = async (cookie: string, file: Buffer, name: string) => {
    const started = performance.now();
    const response = await fetch(`${server.base}/api/contracts/upload-pdf?name=${name}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/pdf' },
      body: new Uint8Array(file),
    });
    return { status: response.status, body: await response.json(), ms: performance.now() - started };
  };

  it('leaves another organization uploading at once, and its tag job is settled, not retried', async () => {
    const attacker = await organization('b-owner@example.com', 'Org B');
    const bystander = await organization('a-owner@example.com', 'Org A');

    const tags = tagFlood();
    expect(tags.byteLength).toBeLessThan(1_500);
    const flooded = await upload(attacker, tags, 'tags.pdf');
    expect(flooded.status).toBe(201);

    // Org A uploads an ordinary PDF, again and again, while org B's tag job runs and until it is
    // done: each is taken at once (it waited 19 s for a 413 while the thread read the tags).
    const settled = () => server.output().includes('"msg":"text tags not read"');
    const deadline = Date.now() + 60_000;
    const answers: { status: number; ms: number }[] = [];
    do {
      const ordinary = await upload(bystander, ordinaryPdf(), 'ok.pdf');
      answers.push({ status: ordinary.status, ms: Math.round(ordinary.ms) });
      expect(ordinary.status, JSON.stringify(ordinary.body)).toBe(201);
      expect(ordinary.ms).toBeLessThan(5_000);
    } while (!settled() && Date.now() < deadline);
    expect(settled(), `org A's uploads: ${JSON.stringify(answers)}`).toBe(true);

    // Settled in its first run, without fields and logged with the reason; the job did not fail,
    // so it is not retried.
    const logged = server
      .output()
      .split('\n')
      .find((line) => line.includes('"msg":"text tags not read"'));
    expect(JSON.parse(logged ?? '{}')).toMatchObject({
      contractId: flooded.body.id,
      fileId: flooded.body.files[0].id,
      reason: 'The text tags of this PDF were not read: page 1 has more than 100,000 characters of text.',
    });
    const failures = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"job failed"') && line.includes('place-tagged-fields'));
    expect(failures).toEqual([]);
    const contract = await http(server.base, `/api/contracts/${flooded.body.id}`, { cookie: attacker });
    expect(contract.body.fields).toEqual([]);
  }, 150_000);
});
