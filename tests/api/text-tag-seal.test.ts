import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hostileEncoding, hostileToUnicode, invisibleTagOverClause } from '../fixtures/pdf/hostile-pdfs';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { inkIn } from '../support/pdf-ink';
import { latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

const run = promisify(execFile);
const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
const { peer, background } = await withMail(ctx);
const signer = { name: 'Jan Buyer', email: 'jan@example.com' };

/** Clause 7's line on the Letter page (baseline at 600 pt, 14 pt type), from the page's top left. */
const clauseSeven = { x: 72 / 612, y: (792 - 600 - 13) / 792, width: 0.6, height: 16 / 792 };

async function pdfText(pdf: Buffer, page = 1): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pactum-tag-'));
  await writeFile(join(dir, 'doc.pdf'), pdf);
  // Quiet: poppler reports each broken entry of a hostile font map, megabytes of them.
  return (await run('pdftotext', ['-q', '-f', `${page}`, '-l', `${page}`, join(dir, 'doc.pdf'), '-'])).stdout;
}

describe('a text tag at the seal (M1 of the security review of 2026-12-01)', () => {
  it('hides only its own glyphs: an invisible tag over a clause, its field moved, hides nothing of the clause', async () => {
    const upload = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=whiteout.pdf',
      payload: invisibleTagOverClause(),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { id, files } = upload.json() as { id: string; files: { id: string }[] };
    const fileId = files[0]?.id;
    await background.drain();
    const draft = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();
    // The tag job placed one text field on the clause's line, as wide as the padded tag.
    expect(draft.fields).toHaveLength(1);
    const [tagged] = draft.fields;
    expect(tagged).toMatchObject({ type: 'text', signer: 1, page: 0 });
    expect(tagged.y).toBeGreaterThan(0.2);
    expect(tagged.y).toBeLessThan(0.24);
    expect(tagged.width).toBeGreaterThan(0.8);

    await call(ctx, owner, { method: 'PATCH', url: `/api/contracts/${id}`, json: { signers: [signer] } });
    // The sender moves the tag's field to the bottom of the page and adds a signature field.
    const saved = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${id}/fields`,
      json: {
        fields: [
          { ...tagged, x: 0.1, y: 0.85, width: 0.3, height: 0.03 },
          { fileId, page: 0, x: 0.5, y: 0.85, width: 0.3, height: 0.06, type: 'signature', signer: 1 },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);

    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
    const frozen = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${browser.signerId}/documents/frozen`,
      headers: { cookie: browser.cookie },
    });
    expect(frozen.statusCode).toBe(200);
    // What the signer reads: Clause 7, and no tag.
    expect(await inkIn(frozen.rawPayload, 1, clauseSeven, 36)).toBeGreaterThan(0.05);
    const frozenText = await pdfText(frozen.rawPayload);
    expect(frozenText).toContain('Clause 7. The Buyer may cancel at any time without cost.');
    expect(frozenText).not.toContain('{{');

    const signed = await signAs(ctx, browser, { fullName: signer.name }, { values: { [tagged.id]: 'JB' } });
    expect(signed.statusCode, signed.body).toBe(204);
    await background.drain();
    const final = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(final.statusCode).toBe(200);
    // What is sealed shows Clause 7 as the signer read it (today's seal painted its line white)…
    const frozenInk = await inkIn(frozen.rawPayload, 1, clauseSeven, 36);
    expect(await inkIn(final.rawPayload, 1, clauseSeven, 36)).toBeCloseTo(frozenInk, 2);
    // …and the value where the field was moved.
    expect(await inkIn(final.rawPayload, 1, { x: 0.1, y: 0.85, width: 0.3, height: 0.03 })).toBeGreaterThan(
      0,
    );
    const finalText = await pdfText(final.rawPayload);
    expect(finalText).toContain('Clause 7. The Buyer may cancel at any time without cost.');
    expect(finalText).toContain('JB');
    expect(finalText).not.toContain('{{');
  }, 120_000);

  it('takes the tags out of what a signer reads in a PDF Chromium printed (Type0 fonts, a word per string)', async () => {
    const upload = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=agreement.pdf',
      payload: pdfFixture('chromium-tagged.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { id } = upload.json() as { id: string };
    await background.drain();
    const draft = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();
    expect(draft.fields).toHaveLength(6);
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { signers: [signer, { name: 'Sam Supplier', email: 'sam@example.com' }] },
    });
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const frozen = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/frozen` });
    const signatureBlock = await pdfText(frozen.rawPayload, 2);
    // The words around the tags stay; the tags that end their line are gone.
    expect(signatureBlock).toContain('Signed for the Customer:');
    expect(signatureBlock).toContain('Signed for the Supplier:');
    expect(signatureBlock).toContain('Date:');
    for (const tag of ['{{signature:1}}', '{{date:1}}', '{{signature:2}}', '{{date:2}}'])
      expect(signatureBlock).not.toContain(tag);
  }, 120_000);
});

/**
 * The tag is read at upload (the tag thread, @libpdf/core's text extraction, 10 s limit) and taken
 * out at send (the PDF thread, our own CMap reader). Before, the first two held the PDF thread 53 s
 * and ran it out of heap; the next three held the tag thread past its limit, so the tag was not
 * read (4.8 s for half as many sections, 15.7 s for one wide range, 49 s for the CID map).
 */
describe('a hostile font map beside a text tag, at upload and at send', () => {
  it.each([
    ['100,000 bfrange entries none of them closed', () => hostileToUnicode('unclosedRanges', 100_000)],
    [
      'a code mapped to 100,000 characters, shown 2,000 times',
      () => hostileToUnicode('longTarget', 100_000, 2_000),
    ],
    ['40,000 bfchar and bfrange sections never closed', () => hostileToUnicode('unclosedSections', 40_000)],
    ['three ranges of 16 million codes', () => hostileToUnicode('wideRanges', 3)],
    [
      'a CID map of 20,000 ranges and 20,000 sections never closed, shown 20,000 times',
      () => hostileEncoding(20_000, 20_000),
    ],
  ])(
    '(%s): its tag is read, and it is sent within seconds, its tag taken out',
    async (_name, make) => {
      const upload = await call(ctx, owner, {
        method: 'POST',
        url: '/api/contracts/upload-pdf?name=fonts.pdf',
        payload: make(),
        headers: { 'content-type': 'application/pdf' },
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const { id } = upload.json() as { id: string };
      await background.drain();
      const draft = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();
      expect(draft.fields).toHaveLength(1);
      await call(ctx, owner, { method: 'PATCH', url: `/api/contracts/${id}`, json: { signers: [signer] } });
      const started = performance.now();
      const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
      expect(sent.statusCode, sent.body).toBe(200);
      // Before: 53 s of the PDF thread for the first, out of heap (500) for the second.
      expect(performance.now() - started).toBeLessThan(15_000);
      const frozen = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/frozen` });
      expect(await pdfText(frozen.rawPayload)).not.toContain('{{signature:1}}');
    },
    120_000,
  );
});
