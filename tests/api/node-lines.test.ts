import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { consentDisclosure } from '../../src/shared/consent';
import { http, signInToDemo, startBuiltServer, stopAllServers } from '../support/built-server';
import { latestTokenFor } from '../support/signing';
import { startSmtpPeer } from '../support/smtp-peer';
import { sampleDocument } from '../support/test-app';

afterAll(stopAllServers);

/**
 * The Node.js lines Pactum supports besides the one running the tests (package.json `engines`).
 * Each comes from the npm registry's `node` package, which ships its binaries, and stays in npm's
 * cache after the first run.
 */
const otherLines = ['22', '24'];

function nodeOfLine(line: string): string {
  return execFileSync('npx', ['-y', '-p', `node@${line}`, '--', 'node', '-p', 'process.execPath'], {
    encoding: 'utf8',
    timeout: 180_000,
  }).trim();
}

describe.each(otherLines)('the built server under Node.js %s', (line) => {
  // A fresh embedded database and its migrations, the demo's PDFs rendered in the PDF thread, a
  // sign-in (argon2), a send and a signature over real SMTP, the seal, and /verify on the sealed
  // PDF: the parts of the server that depend on the runtime (worker threads, WebAssembly, native
  // addons, crypto, fetch).
  it('starts with the demo, sends a contract, has it signed and sealed, and verifies it', {
    timeout: 300_000,
  }, async () => {
    const node = nodeOfLine(line);
    expect(execFileSync(node, ['--version'], { encoding: 'utf8' })).toMatch(new RegExp(`^v${line}\\.`));
    const peer = await startSmtpPeer();
    const server = await startBuiltServer(
      { DATA_DIR: mkdtempSync(join(tmpdir(), `pactum-node-${line}-`)), DEMO: 'true', SMTP_URL: peer.url },
      undefined,
      node,
    );
    try {
      const cookie = await signInToDemo(server.base);
      const created = await http(server.base, '/api/contracts', {
        cookie,
        json: {
          title: `Signed under Node.js ${line}`,
          content: sampleDocument('Każda ze stron zachowuje poufność. Стороны сохраняют конфиденциальность.'),
          signers: [{ name: 'Zofia Nowak', email: 'zofia@example.com' }],
        },
      });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      expect((await http(server.base, `/api/contracts/${id}/send`, { cookie, json: {} })).status).toBe(200);
      await expect.poll(() => peer.to('zofia@example.com').length, { timeout: 60_000 }).toBe(1);
      const session = await http(server.base, '/api/signing/sessions', {
        json: { token: latestTokenFor(peer, 'zofia@example.com') },
      });
      const signed = await http(server.base, `/api/signing/${session.body.signerId}/sign`, {
        cookie: session.cookie,
        json: {
          consentVersion: consentDisclosure.version,
          fields: { fullName: 'Zofia Nowak' },
          signature: { kind: 'drawn', image: signatureDataUrl() },
        },
      });
      expect(signed.status).toBe(204);
      await expect
        .poll(
          async () => (await http(server.base, `/api/contracts/${id}/signing`, { cookie })).body.sealedAt,
          {
            timeout: 60_000,
          },
        )
        .not.toBeNull();
      const final = await fetch(`${server.base}/api/contracts/${id}/documents/final`, {
        headers: { cookie },
      });
      expect(final.status).toBe(200);
      const verified = await fetch(`${server.base}/api/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body: Buffer.from(await final.arrayBuffer()),
      });
      expect(((await verified.json()) as { verdict: string }).verdict).toBe('verified');
    } finally {
      await server.stop();
      await peer.close();
    }
  });
});
