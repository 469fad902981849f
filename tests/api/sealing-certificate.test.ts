import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, organizations } from '../../src/server/db/schema';
import { generateInstanceCertificate } from '../../src/server/pdf/pkcs12-certificate';
import { withMail } from '../support/background';
import { createAndSend, latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, call, testApp, testCertificate } from '../support/test-app';

const run = promisify(execFile);

const ctx = await testApp();
const admin = await buildAccount(ctx);
const { peer, background } = await withMail(ctx);

const upload = (json: unknown) =>
  call(ctx, admin, { method: 'PUT', url: '/api/settings/sealing-certificate', json });

async function signedPdf(email: string): Promise<Buffer> {
  return (await sealed(email)).pdf;
}

async function sealed(email: string): Promise<{ id: string; pdf: Buffer }> {
  const id = await createAndSend(ctx, admin, [{ name: 'Pat Signer', email }]);
  await background.drain();
  const browser = await openLink(ctx, latestTokenFor(peer, email));
  expect((await signAs(ctx, browser, { fullName: 'Pat Signer' })).statusCode).toBe(204);
  await background.drain();
  const [final] = await ctx.database.db.select().from(documents).where(eq(documents.contractId, id));
  const download = await call(ctx, admin, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
  expect(download.statusCode).toBe(200);
  expect(final).toBeTruthy();
  return { id, pdf: download.rawPayload };
}

async function signerCommonName(pdf: Buffer): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-org-cert-')), 'sealed.pdf');
  await writeFile(file, pdf);
  const { stdout } = await run('pdfsig', [file]);
  expect(stdout).toContain('Signature is Valid');
  return /Signer Certificate Common Name: (.*)/.exec(stdout)?.[1] ?? '';
}

const verify = (pdf: Buffer) =>
  call(ctx, null, {
    method: 'POST',
    url: '/api/verify',
    headers: { 'content-type': 'application/pdf' },
    payload: pdf,
  });

describe('the certificate of completion', () => {
  it('names the version that was sent for signing and its content hash', async () => {
    const { id, pdf } = await sealed('version@example.com');
    const listed = await call(ctx, admin, { method: 'GET', url: `/api/contracts/${id}/versions` });
    const sent = (listed.json().items as { number: number; kind: string; contentHash: string }[]).find(
      (version) => version.kind === 'sent',
    );
    expect(sent).toBeTruthy();
    const file = join(await mkdtemp(join(tmpdir(), 'pactum-certificate-')), 'sealed.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', [file, '-']);
    const text = stdout.replace(/\s+/g, ' ');
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain(`Signed version ${sent?.number} (content SHA-256 ${sent?.contentHash})`);
  });
});

describe("an organization's own sealing certificate", () => {
  it('seals with the instance certificate until one is uploaded', async () => {
    const current = await call(ctx, admin, { method: 'GET', url: '/api/settings/sealing-certificate' });
    expect(current.json()).toMatchObject({
      source: 'instance',
      fingerprintSha256: testCertificate().fingerprintSha256,
    });
    expect(await signerCommonName(await signedPdf('before@example.com'))).toBe('Pactum test');
  });

  it('refuses a wrong password or a file that is not PKCS#12, storing nothing', async () => {
    const made = generateInstanceCertificate({ commonName: 'Acme Seal', organization: 'Acme Ltd' });
    const wrong = await upload({ p12: made.p12.toString('base64'), password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ message: 'The certificate password is wrong', field: 'p12' });
    const junk = await upload({ p12: Buffer.from('hello').toString('base64'), password: 'x' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.message).toBe('The file is not a PKCS#12 certificate');
    const [row] = await ctx.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, admin.organizationId));
    expect(row?.sealingP12).toBeNull();
  });

  it('seals with the uploaded certificate, keeps its password encrypted, and /verify vouches for it', async () => {
    const made = generateInstanceCertificate({ commonName: 'Acme Seal', organization: 'Acme Ltd' });
    const response = await upload({ p12: made.p12.toString('base64'), password: made.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      source: 'organization',
      subject: expect.stringContaining('Acme Seal'),
    });
    const [row] = await ctx.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, admin.organizationId));
    expect(row?.sealingP12Password).not.toContain(made.password);

    const pdf = await signedPdf('after@example.com');
    expect(await signerCommonName(pdf)).toBe('Acme Seal');
    expect((await verify(pdf)).json().verdict).toBe('verified');

    // Back to the instance certificate: what was sealed before stays verifiable.
    const removed = await call(ctx, admin, { method: 'DELETE', url: '/api/settings/sealing-certificate' });
    expect(removed.statusCode).toBe(204);
    expect(
      (await call(ctx, admin, { method: 'GET', url: '/api/settings/sealing-certificate' })).json().source,
    ).toBe('instance');
    expect((await verify(pdf)).json().verdict).toBe('verified');
  });
});
