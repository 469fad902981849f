import { describe, expect, it } from 'vitest';
import { purgeUnnamedFiles } from '../../src/server/services/sweeps/purge-unnamed-files';
import { withMail } from '../support/background';
import { createAndSend, latestTokenFor, openLink, type SigningBrowser, signAs } from '../support/signing';
import { buildAccount, call, type TestAccount, testApp } from '../support/test-app';

// H3 of the security review of 2026-12-01: the file store keeps a file once by its SHA-256, for
// every organization. Another organization storing the same bytes and removing them must not
// touch the documents that name them.
const ctx = await testApp();
const orgA = await buildAccount(ctx, { name: 'Alice Sender', organizationName: 'Sender Ltd' });
const orgB = await buildAccount(ctx, { name: 'Mallory', organizationName: 'Other Org' });
const { peer, background } = await withMail(ctx);
const hour = 60 * 60 * 1000;

/** Org B uploads these bytes as a new draft and removes the PDF from it again, as any account may. */
async function uploadAndRemove(account: TestAccount, bytes: Buffer) {
  const uploaded = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts/upload-pdf?name=copy.pdf',
    payload: bytes,
    headers: { 'content-type': 'application/pdf' },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const { id, files } = uploaded.json();
  const removed = await call(ctx, account, {
    method: 'DELETE',
    url: `/api/contracts/${id}/files/${files[0].id}`,
  });
  expect(removed.statusCode, removed.body).toBe(200);
}

const signerDownload = (browser: SigningBrowser, kind: 'frozen' | 'final') =>
  call(ctx, null, {
    method: 'GET',
    url: `/api/signing/${browser.signerId}/documents/${kind}`,
    headers: { cookie: browser.cookie },
  });

/** Org A sends a contract to one signer, who opens their link. */
async function sendToSam(title: string) {
  const signer = { name: 'Sam Signer', email: `sam-${title.length}@example.com` };
  const id = await createAndSend(ctx, orgA, [signer], { title });
  await background.drain();
  const sam = await openLink(ctx, latestTokenFor(peer, signer.email));
  return { id, sam, sign: () => signAs(ctx, sam, { fullName: signer.name }) };
}

async function expectDownloads(id: string, sam: SigningBrowser, kind: 'frozen' | 'final', bytes: Buffer) {
  const ofSender = await call(ctx, orgA, { method: 'GET', url: `/api/contracts/${id}/documents/${kind}` });
  expect(ofSender.statusCode, ofSender.body).toBe(200);
  expect(Buffer.compare(ofSender.rawPayload, bytes)).toBe(0);
  const ofSigner = await signerDownload(sam, kind);
  expect(ofSigner.statusCode, ofSigner.body).toBe(200);
  expect(Buffer.compare(ofSigner.rawPayload, bytes)).toBe(0);
}

describe('bytes another organization stores and removes again', () => {
  it('leave the frozen PDF downloading, and the contract sealing', async () => {
    const { id, sam, sign } = await sendToSam('Supply agreement');
    // The signer saves the frozen PDF; org B uploads those bytes and removes them.
    const frozen = await signerDownload(sam, 'frozen');
    expect(frozen.statusCode).toBe(200);
    await uploadAndRemove(orgB, frozen.rawPayload);
    await expectDownloads(id, sam, 'frozen', frozen.rawPayload);

    expect((await sign()).statusCode).toBe(204);
    await background.drain();
    const contract = await call(ctx, orgA, { method: 'GET', url: `/api/contracts/${id}` });
    expect(contract.json()).toMatchObject({ status: 'signed' });
    const final = await call(ctx, orgA, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(final.statusCode, final.body).toBe(200);
  }, 120_000);

  it('leave the sealed PDF downloading, for the sender and the signer, also after the sweep', async () => {
    const { id, sam, sign } = await sendToSam('Sealed services agreement');
    expect((await sign()).statusCode).toBe(204);
    await background.drain();
    // The sealed PDF, as the signer has it (it is also mailed), uploaded by org B and removed.
    const final = await signerDownload(sam, 'final');
    expect(final.statusCode, final.body).toBe(200);
    await uploadAndRemove(orgB, final.rawPayload);
    await expectDownloads(id, sam, 'final', final.rawPayload);

    // Nor does the hourly sweep of unnamed files take either document, hours later.
    const frozen = await signerDownload(sam, 'frozen');
    await purgeUnnamedFiles(ctx.database.db, ctx.database.files, new Date(Date.now() + 2 * hour));
    await expectDownloads(id, sam, 'final', final.rawPayload);
    await expectDownloads(id, sam, 'frozen', frozen.rawPayload);
  }, 120_000);
});
