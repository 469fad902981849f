import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateInstanceCertificate, readPkcs12 } from '../../src/server/pdf/pkcs12-certificate';
import { withMail } from '../support/background';
import { createAndSend, latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, buildMember, call, testApp, testCertificate } from '../support/test-app';

const run = promisify(execFile);

const ctx = await testApp();
const admin = await buildAccount(ctx);
const member = await buildMember(ctx, admin);
const outsider = await buildAccount(ctx);
const { peer, background } = await withMail(ctx);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function inTemp(name: string, bytes: Uint8Array | string): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-cert-download-')), name);
  await writeFile(file, bytes);
  return file;
}

/** A contract sealed for the admin's organization, as its final PDF. */
async function sealedPdf(email: string): Promise<Buffer> {
  const id = await createAndSend(ctx, admin, [{ name: 'Pat Signer', email }]);
  await background.drain();
  const browser = await openLink(ctx, latestTokenFor(peer, email));
  expect((await signAs(ctx, browser, { fullName: 'Pat Signer' })).statusCode).toBe(204);
  await background.drain();
  const download = await call(ctx, admin, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
  expect(download.statusCode).toBe(200);
  return download.rawPayload;
}

/**
 * Checks the PDF's last signature as a validator of one's own would, with openssl: the CMS in its
 * /Contents over the bytes its /ByteRange names, trusting only the certificate file given.
 */
async function opensslVerifies(pdf: Buffer, trusted: string): Promise<boolean> {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('/ByteRange');
  const [a, b, c, d] = (/\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(at, at + 100)) ?? [])
    .slice(1)
    .map(Number) as [number, number, number, number];
  const cms = Buffer.from(text.slice(a + b + 1, c - 1), 'hex');
  const content = await inTemp(
    'content.bin',
    Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
  );
  const signature = await inTemp('seal.p7s', cms);
  return run('openssl', [
    'cms',
    '-verify',
    '-binary',
    '-inform',
    'DER',
    '-in',
    signature,
    '-content',
    content,
    '-CAfile',
    trusted,
    '-purpose',
    'any',
    '-out',
    '/dev/null',
  ]).then(
    () => true,
    () => false,
  );
}

describe('the public sealing certificate', () => {
  it('downloads from /verify without signing in, as DER and as PEM, with no key in it', async () => {
    const cer = await call(ctx, null, { method: 'GET', url: '/api/verify/sealing-certificate/cer' });
    expect(cer.statusCode).toBe(200);
    expect(cer.headers['content-type']).toBe('application/pkix-cert');
    expect(cer.headers['content-disposition']).toMatch(
      /^attachment; filename="sealing-certificate-[0-9a-f]{16}\.cer"/,
    );
    // The certificate the instance seals with, byte for byte.
    expect(sha256(cer.rawPayload)).toBe(testCertificate().fingerprintSha256);
    const pem = await call(ctx, null, { method: 'GET', url: '/api/verify/sealing-certificate/pem' });
    expect(pem.statusCode).toBe(200);
    expect(pem.body).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n$/);
    expect(pem.body).not.toMatch(/PRIVATE KEY/);
    const { stdout } = await run('openssl', [
      'x509',
      '-in',
      await inTemp('instance.pem', pem.body),
      '-noout',
      '-subject',
    ]);
    expect(stdout).toContain('Pactum test');
    const other = await call(ctx, null, { method: 'GET', url: '/api/verify/sealing-certificate/p12' });
    expect(other.statusCode).toBe(400);
  });

  it("lets anyone check the instance's seal with openssl, trusting only the downloaded file", async () => {
    const pdf = await sealedPdf('openssl@example.com');
    const pem = await call(ctx, null, { method: 'GET', url: '/api/verify/sealing-certificate/pem' });
    expect(await opensslVerifies(pdf, await inTemp('trusted.pem', pem.body))).toBe(true);
    // Another certificate does not vouch for it: the check is real.
    const stranger = generateInstanceCertificate({ commonName: 'Someone Else', organization: 'Elsewhere' });
    const strangerPem = readPkcs12(stranger.p12, stranger.password).certificatePem;
    expect(await opensslVerifies(pdf, await inTemp('stranger.pem', strangerPem))).toBe(false);
  }, 60_000);
});

describe("an organization's sealing certificate in Settings", () => {
  const download = (account: typeof admin | null, format = 'cer') =>
    call(ctx, account, { method: 'GET', url: `/api/settings/sealing-certificate/${format}` });

  it('is the instance certificate until the organization has its own, for every member', async () => {
    expect((await download(null)).statusCode).toBe(401);
    const forMember = await download(member);
    expect(forMember.statusCode).toBe(200);
    expect(sha256(forMember.rawPayload)).toBe(testCertificate().fingerprintSha256);
  });

  it("is the organization's own once uploaded, to its members only; no one else gets it anywhere", async () => {
    const made = generateInstanceCertificate({ commonName: 'Acme Seal', organization: 'Acme Ltd' });
    const { fingerprintSha256, certificatePem } = readPkcs12(made.p12, made.password);
    const uploaded = await call(ctx, admin, {
      method: 'PUT',
      url: '/api/settings/sealing-certificate',
      json: { p12: made.p12.toString('base64'), password: made.password },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    for (const account of [admin, member]) {
      const own = await download(account);
      expect(own.statusCode).toBe(200);
      expect(sha256(own.rawPayload)).toBe(fingerprintSha256);
      const pem = await download(account, 'pem');
      expect(pem.body.trim()).toBe(certificatePem.replace(/\r\n/g, '\n').trim());
      expect(pem.body).not.toMatch(/PRIVATE KEY/);
    }
    // Another organization's member gets the certificate their own organization seals with.
    const theirs = await download(outsider);
    expect(sha256(theirs.rawPayload)).toBe(testCertificate().fingerprintSha256);
    // And the public route never serves an organization's.
    const open = await call(ctx, null, { method: 'GET', url: '/api/verify/sealing-certificate/cer' });
    expect(sha256(open.rawPayload)).toBe(testCertificate().fingerprintSha256);
    // Its members can check the organization's seals with it.
    const pdf = await sealedPdf('acme@example.com');
    const pem = await download(member, 'pem');
    expect(await opensslVerifies(pdf, await inTemp('acme.pem', pem.body))).toBe(true);
  }, 60_000);
});
