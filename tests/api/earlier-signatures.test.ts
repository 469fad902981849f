import { P12Signer } from '@signpdf/signer-p12';
import { describe, expect, it } from 'vitest';
import { sharedSignatureDictionary, signedOverAStretchedGap } from '../fixtures/pdf/hostile-pdfs';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { draftFromPdf } from '../support/pdf-drafts';
import { latestTokenFor, openLink } from '../support/signing';
import { buildAccount, call, testApp, testCertificate } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
const { peer, background } = await withMail(ctx);

/** What pdfsig reports of the fixtures' signatures (tests/fixtures/pdf/SOURCES.md). */
const kowalski = 'Kowalski Legal Sp. z o.o.';

describe('a PDF that already carries digital signatures', () => {
  it('says at upload who signed it and when, and that the signature verifies', async () => {
    const draft = await draftFromPdf(ctx, owner, pdfFixture('already-signed.pdf'), 'countersigned.pdf');
    expect(draft.files[0]).toMatchObject({
      signatureCount: 1,
      signatures: [{ signedBy: kowalski, signedAt: '2026-11-27T13:05:46.000Z', intact: true }],
    });
    // Added to a draft, the upload's answer says the same, and so does the contract afterwards.
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Form' },
    });
    const added = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${created.json().id}/files?name=form.pdf`,
      payload: pdfFixture('signed-form.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().file.signatures).toEqual([
      { signedBy: kowalski, signedAt: '2026-11-27T20:11:02.000Z', intact: true },
    ]);
    const read = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${created.json().id}` });
    expect(read.json().files[0].signatures).toEqual(added.json().file.signatures);
  });

  it('says when a signature no longer verifies: a byte it signed was changed', async () => {
    const changed = Buffer.from(pdfFixture('already-signed.pdf'));
    // The header's binary comment: the file still opens, but it is no longer what was signed.
    expect(changed[10]).toBe(0o323);
    changed[10] = 0o324;
    const draft = await draftFromPdf(ctx, owner, changed, 'changed.pdf');
    expect(draft.files[0]).toMatchObject({
      signatureCount: 1,
      signatures: [{ signedBy: kowalski, intact: false }],
    });
  });

  it('says a signature does not verify when it leaves out more than its own bytes: a page’s text', async () => {
    const certificate = testCertificate();
    const signer = new P12Signer(certificate.p12, { passphrase: certificate.password });
    const forged = await signedOverAStretchedGap((signed) => signer.sign(signed));
    // The signature itself checks out over the bytes it names; what they leave out was changed.
    expect(forged.toString('latin1')).toContain('(Pay 900 EUR)');
    const draft = await draftFromPdf(ctx, owner, forged, 'stretched.pdf');
    expect(draft.files[0]).toMatchObject({ signatureCount: 1, signatures: [{ intact: false }] });
  });

  it("lists a signature dictionary its fields share once, and a signer's name plain and short", async () => {
    // Twenty fields name one dictionary whose /Name is 100,000 characters with controls and a bidi
    // override: listed for each field, the name would be two million characters in every answer
    // that lists the file, and would turn the words after it around on screen.
    const name = `Bank\u202e\u0007<b>${'A'.repeat(100_000)}`;
    const draft = await draftFromPdf(ctx, owner, sharedSignatureDictionary(20, name), 'shared.pdf');
    const [file] = draft.files;
    expect(file).toMatchObject({ signatureCount: 1, signatures: [{ intact: false, signedAt: null }] });
    const [{ signedBy }] = file.signatures;
    expect(signedBy.length).toBeLessThanOrEqual(200);
    expect(signedBy.startsWith('Bank <b>AAAA')).toBe(true);
    expect(signedBy).not.toMatch(/[\p{Cc}\u202a-\u202e]/u);
  });

  it('a PDF without signatures lists none', async () => {
    const draft = await draftFromPdf(ctx, owner, pdfFixture('pdftex-form.pdf'), 'form.pdf');
    expect(draft.files[0]).toMatchObject({ signatureCount: 0, signatures: [] });
  });

  it("shows its signer, on the signing page's view, who signed it before them", async () => {
    const { id } = await draftFromPdf(ctx, owner, pdfFixture('already-signed.pdf'), 'countersigned.pdf', [
      { name: 'Zofia Wiśniewska', email: 'zofia@example.com' },
      { name: '王小明', email: 'wang@example.com' },
    ]);
    // Its text tags become fields for the two signers first.
    await background.drain();
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, 'zofia@example.com'));
    const view = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${browser.signerId}`,
      headers: { cookie: browser.cookie },
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().contract.files).toEqual([
      {
        name: 'countersigned.pdf',
        pageCount: 2,
        signatures: [{ signedBy: kowalski, signedAt: '2026-11-27T13:05:46.000Z', intact: true }],
      },
    ]);
  }, 60_000);
});
