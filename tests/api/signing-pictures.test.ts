import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractFields, signers } from '../../src/server/db/schema';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { signaturePng } from '../../src/server/pdf/sample-signature';
import { signAttemptLimit } from '../../src/server/services/signing/sign-attempts';
import { consentDisclosure } from '../../src/shared/consent';
import { deepBlankPng, heavyInitialsPng, inkyPng, pngDataUrl, pngOf } from '../fixtures/hostile-values';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { inkIn } from '../support/pdf-ink';
import { latestTokenFor, openLink, type SigningBrowser } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
const { peer, background } = await withMail(ctx);

type Box = { page: number; x: number; y: number; width: number; height: number };

/** A contract of this PDF with these fields for one signer, sent; their browser and the field ids. */
async function sentWith(email: string, fixture: string, fields: (Box & Record<string, unknown>)[]) {
  const created = await call(ctx, owner, {
    method: 'POST',
    url: `/api/contracts/upload-pdf?name=${fixture}`,
    payload: pdfFixture(fixture),
    headers: { 'content-type': 'application/pdf' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const contract = created.json();
  const fileId = contract.files[0].id as string;
  await call(ctx, owner, {
    method: 'PATCH',
    url: `/api/contracts/${contract.id}`,
    json: { signers: [{ name: 'Ivy Signer', email }] },
  });
  const saved = await call(ctx, owner, {
    method: 'PUT',
    url: `/api/contracts/${contract.id}/fields`,
    json: { fields: fields.map((field) => ({ fileId, signer: 1, ...field })) },
  });
  expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
  const sent = await call(ctx, owner, {
    method: 'POST',
    url: `/api/contracts/${contract.id}/send`,
    json: {},
  });
  expect(sent.statusCode, sent.body.slice(0, 300)).toBe(200);
  await background.drain();
  const browser = await openLink(ctx, latestTokenFor(peer, email));
  const ids = (saved.json().fields as { id: string }[]).map((field) => field.id);
  return { contractId: contract.id as string, browser, ids };
}

function sign(browser: SigningBrowser, placed: Record<string, string>, initials?: string) {
  return call(ctx, null, {
    method: 'POST',
    url: `/api/signing/${browser.signerId}/sign`,
    headers: { cookie: browser.cookie, 'user-agent': 'signing-test' },
    json: {
      consentVersion: consentDisclosure.version,
      fields: { fullName: 'Ivy Signer' },
      signature: { kind: 'drawn', image: signatureDataUrl() },
      ...(initials ? { initials: { kind: 'drawn', image: initials } } : {}),
      placed,
    },
  });
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

const imageRefusal =
  'takes a PNG or JPEG picture of at most 1,200 × 1,200 pixels (8 bits a colour, no text or other extra data) that can be read: make it smaller, or save it again as an ordinary PNG or JPEG.';

describe('the pictures of a signature are read within bounds (security review 2026-12-01, H5)', () => {
  it('refuses at once ten image fields of 3,000 × 3,000 16-bit PNGs, and judges cheap fields first', async () => {
    const images = Array.from({ length: 10 }, (_, index) => ({
      page: 0,
      x: 0.05 + (index % 5) * 0.18,
      y: 0.05 + Math.floor(index / 5) * 0.12,
      width: 0.15,
      height: 0.1,
      type: 'image',
      required: false,
    }));
    const { browser, ids } = await sentWith('ivy-images@example.com', 'chromium-tagged.pdf', [
      ...images,
      { page: 1, x: 0.1, y: 0.9, width: 0.3, height: 0.04, type: 'text', label: 'Reference' },
    ]);
    const imageIds = ids.slice(0, 10);
    const reference = ids[10] as string;
    const deep = pngDataUrl(deepBlankPng());
    expect(deep.length).toBeLessThan(150_000);
    // As the review sent it: each image field the same deep PNG, the required text left empty.
    const [refused, took] = await timed(() =>
      sign(browser, Object.fromEntries(imageIds.map((id) => [id, deep]))),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toBe(`The image field on page 1 ${imageRefusal}`);
    expect(took).toBeLessThan(1_500);
    // A picture with text chunks, or at 16 bits though small, is refused by its header too.
    const small16 = pngOf(
      { width: 40, height: 40, bitDepth: 16, colourType: 0 },
      Buffer.alloc((1 + 80) * 40),
    );
    const withText = inkyPng([{ type: 'tEXt', data: Buffer.from('Comment\0hello', 'latin1') }]);
    for (const png of [small16, withText]) {
      const bad = await sign(browser, { [imageIds[0] as string]: pngDataUrl(png), [reference]: 'R-1' });
      expect(bad.json().error.message).toBe(`The image field on page 1 ${imageRefusal}`);
    }
    // Ordinary pictures, a missing required value: refused for the value, the pictures not decoded.
    const ordinary = Object.fromEntries(imageIds.map((id) => [id, pngDataUrl(inkyPng())]));
    expect((await sign(browser, ordinary)).json().error.message).toBe('“Reference” needs a value.');
    const signed = await sign(browser, { ...ordinary, [reference]: 'R-1' });
    expect(signed.statusCode, signed.body).toBe(204);
  });

  it('stores a signer’s initials once for 200 initials fields, and the seal draws them on every page', {
    timeout: 180_000,
  }, async () => {
    const pages = 29;
    const fields = Array.from({ length: 200 }, (_, index) => ({
      page: index % pages,
      x: 0.02 + Math.floor(index / pages) * 0.135,
      y: 0.005,
      width: 0.1,
      height: 0.03,
      type: 'initials',
    }));
    const { contractId, browser, ids } = await sentWith(
      'ivy-initials@example.com',
      'libreoffice-agreement.pdf',
      fields,
    );
    // The review's initials: a small PNG carrying 295 KB of zTXt, refused before any decoding.
    const heavy = pngDataUrl(heavyInitialsPng());
    expect(heavy.length).toBeGreaterThan(390_000);
    const refused = await sign(browser, {}, heavy);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toBe('The initials image could not be read');

    const initials = inkyPng();
    const [signed, took] = await timed(() => sign(browser, {}, pngDataUrl(initials)));
    expect(signed.statusCode, signed.body).toBe(204);
    expect(took).toBeLessThan(5_000);
    const rows = await ctx.database.db
      .select({ id: contractFields.id, value: contractFields.filledValue })
      .from(contractFields)
      .where(eq(contractFields.contractId, contractId));
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((row) => row.value))).toEqual(new Set(['initials']));
    expect(ids).toHaveLength(200);
    const [signer] = await ctx.database.db
      .select({ initials: signers.initialsImage })
      .from(signers)
      .where(eq(signers.id, browser.signerId));
    expect(Buffer.from(signer?.initials ?? new Uint8Array()).equals(initials)).toBe(true);

    await background.drain();
    const final = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${contractId}/documents/final`,
    });
    expect(final.statusCode).toBe(200);
    const original = pdfFixture('libreoffice-agreement.pdf');
    for (let page = 0; page < pages; page += 1) {
      const box = fields[page] as Box;
      // Blank there before, inked after: the initials drawn in the first field of each page.
      expect(await inkIn(original, page + 1, box), `page ${page + 1} before`).toBe(0);
      expect(await inkIn(final.rawPayload, page + 1, box), `page ${page + 1}`).toBeGreaterThan(0.2);
    }
    const lastBox = fields[199] as Box;
    expect(await inkIn(final.rawPayload, lastBox.page + 1, lastBox)).toBeGreaterThan(0.2);
  });

  it('answers 429 to a signer who keeps sending refused signatures', async () => {
    const { browser, ids } = await sentWith('ivy-tries@example.com', 'chromium-tagged.pdf', [
      { page: 0, x: 0.1, y: 0.1, width: 0.3, height: 0.04, type: 'text', label: 'Reference' },
    ]);
    for (let attempt = 1; attempt <= signAttemptLimit.limit; attempt += 1) {
      const refused = await sign(browser, {});
      expect(refused.statusCode, `try ${attempt}`).toBe(400);
    }
    const limited = await sign(browser, { [ids[0] as string]: 'R-1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^Too many tries to sign this document in a short time\. You can try again in \d+ minutes\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before its body is read: one that would not even parse is answered the same.
    const unread = await ctx.app.inject({
      method: 'POST',
      url: `/api/signing/${browser.signerId}/sign`,
      headers: { cookie: browser.cookie, 'content-type': 'application/json' },
      payload: `{"placed": "${'x'.repeat(500_000)}`,
    });
    expect(unread.statusCode, unread.body).toBe(429);
    // Another signer is not held back by this one's tries.
    const other = await sentWith('ivy-other@example.com', 'chromium-tagged.pdf', [
      { page: 0, x: 0.1, y: 0.1, width: 0.3, height: 0.04, type: 'text', label: 'Reference' },
    ]);
    expect((await sign(other.browser, { [other.ids[0] as string]: 'R-2' })).statusCode).toBe(204);
    expect(signaturePng().length).toBeGreaterThan(0);
  });
});
