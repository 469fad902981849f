import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type CheckboxField, type DropdownField, PDF, type TextField } from '@libpdf/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractFiles, events } from '../../src/server/db/schema';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { inkIn } from '../support/pdf-ink';
import { latestTokenFor, openLink, type SigningBrowser, signAs } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

const run = promisify(execFile);
const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
const { peer, background } = await withMail(ctx);

const first = { name: 'محمد العلي', email: 'mohammed@example.com' };
const second = { name: '王小明', email: 'wang@example.com' };

function sign(
  browser: SigningBrowser,
  placed: Record<string, string>,
  initials = false,
  fullName = first.name,
) {
  return signAs(ctx, browser, { fullName }, { values: placed, initials });
}

describe('fields placed on a PDF, filled at signing and drawn at the seal', () => {
  it('fills each signer’s own fields, refuses what is wrong, and draws every value in its box', async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=agreement.pdf',
      payload: pdfFixture('chromium-tagged.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    const contract = created.json();
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { signers: [first, second] },
    });
    const fileId = contract.files[0].id as string;
    const box = (x: number, y: number, width = 0.3, height = 0.04) => ({ x, y, width, height });
    const placedFields = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${contract.id}/fields`,
      json: {
        fields: [
          { fileId, page: 1, ...box(0.55, 0.55, 0.3, 0.06), type: 'signature', signer: 1 },
          { fileId, page: 1, ...box(0.55, 0.62), type: 'name', signer: 1 },
          { fileId, page: 1, ...box(0.55, 0.67), type: 'company', signer: 1, label: 'Company' },
          { fileId, page: 1, ...box(0.55, 0.72, 0.03, 0.025), type: 'checkbox', signer: 1, label: 'Agreed' },
          { fileId, page: 1, ...box(0.55, 0.77), type: 'dateSigned', signer: 1 },
          { fileId, page: 0, ...box(0.7, 0.9, 0.12, 0.05), type: 'initials', signer: 2 },
          {
            fileId,
            page: 1,
            ...box(0.55, 0.85),
            type: 'text',
            signer: 2,
            label: 'VAT number',
            options: { format: 'pattern', pattern: '[A-Z]{2}[0-9]{8}' },
          },
        ],
      },
    });
    expect(placedFields.statusCode, placedFields.body).toBe(200);
    const fields = placedFields.json().fields as { id: string; label: string }[];
    const sent = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${contract.id}/send`,
      json: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [file] = await ctx.database.db
      .select()
      .from(contractFiles)
      .where(eq(contractFiles.contractId, contract.id));
    // The agreement is the first document (the text is empty): it starts on page 0 of what is signed.
    expect(file?.firstPage).toBe(0);

    const idOf = (label: string) => fields.find((field) => field.label === label)?.id ?? '';

    await background.drain();
    const firstBrowser = await openLink(ctx, latestTokenFor(peer, first.email));
    const view = (
      await call(ctx, null, {
        method: 'GET',
        url: `/api/signing/${firstBrowser.signerId}`,
        headers: { cookie: firstBrowser.cookie },
      })
    ).json();
    expect(view.placed.filter((field: { mine: boolean }) => field.mine)).toHaveLength(5);
    expect(view.placed.find((field: { label: string }) => field.label === 'VAT number')).toMatchObject({
      mine: false,
      page: 1,
    });
    const missing = await sign(firstBrowser, { [idOf('Agreed')]: 'true' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('“Company” needs a value.');
    const notTheirs = await sign(firstBrowser, {
      [idOf('Company')]: 'X',
      [idOf('Agreed')]: 'true',
      [idOf('VAT number')]: 'PL12345678',
    });
    expect(notTheirs.json().error.message).toBe('A value was given for a field that is not yours to fill.');
    const unchecked = await sign(firstBrowser, { [idOf('Company')]: 'X', [idOf('Agreed')]: 'false' });
    expect(unchecked.json().error.message).toBe('“Agreed” needs to be checked.');
    const signed = await sign(firstBrowser, {
      [idOf('Company')]: 'Łódź Widgets Sp. z o.o.',
      [idOf('Agreed')]: 'true',
    });
    expect(signed.statusCode, signed.body).toBe(204);

    await background.drain();
    const secondBrowser = await openLink(ctx, latestTokenFor(peer, second.email));
    const badPattern = await sign(secondBrowser, { [idOf('VAT number')]: 'PL 1234' }, true, second.name);
    expect(badPattern.json().error.message).toBe('“VAT number” does not have the form asked for.');
    const noInitials = await sign(secondBrowser, { [idOf('VAT number')]: 'PL12345678' }, false, second.name);
    expect(noInitials.json().error.message).toBe('The initials field on page 1 needs your initials.');
    expect(
      (await sign(secondBrowser, { [idOf('VAT number')]: 'PL12345678' }, true, second.name)).statusCode,
    ).toBe(204);
    await background.drain();

    const final = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${contract.id}/documents/final`,
    });
    expect(final.statusCode).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'pactum-placed-'));
    if (process.env.PDF_SCREENSHOTS)
      await writeFile(join(process.env.PDF_SCREENSHOTS, 'placed-fields-final.pdf'), final.rawPayload);
    await writeFile(join(dir, 'final.pdf'), final.rawPayload);
    const { stdout: pageTwo } = await run('pdftotext', ['-f', '2', '-l', '2', join(dir, 'final.pdf'), '-']);
    for (const text of [
      'Łódź Widgets Sp. z o.o.',
      'محمد العلي',
      'PL12345678',
      new Date().toISOString().slice(0, 10),
    ]) {
      expect(pageTwo).toContain(text);
    }
    const { stdout: signature } = await run('pdfsig', [join(dir, 'final.pdf')]).catch((error) => error);
    expect(signature).toContain('Signature is Valid');
    // The signature and the initials are drawn inside their boxes; an empty box stays white.
    expect(await inkIn(final.rawPayload, 2, box(0.55, 0.55, 0.3, 0.06))).toBeGreaterThan(0.002);
    expect(await inkIn(final.rawPayload, 1, box(0.7, 0.9, 0.12, 0.05))).toBeGreaterThan(0.002);
    expect(await inkIn(final.rawPayload, 2, box(0.05, 0.93, 0.3, 0.04))).toBe(0);

    // The values are on their pages: the signature pages do not repeat them.
    const { stdout: all } = await run('pdftotext', [join(dir, 'final.pdf'), '-']);
    const certificateStart = all.indexOf('Certificate of Completion');
    const signaturePages = all.slice(all.indexOf('Signature page'), certificateStart);
    expect(signaturePages).toContain('Signature page');
    expect(signaturePages).not.toContain('Company (page 2 of agreement.pdf)');
    // The certificate lists every field filled, under who filled them and when.
    const certificate = all.slice(certificateStart);
    expect(certificate).toContain('Fields filled');
    expect(certificate).toContain('Company (page 2 of agreement.pdf): Łódź Widgets Sp. z o.o.');
    expect(certificate).toContain('VAT number (page 2 of agreement.pdf): PL12345678');
    expect(certificate).toMatch(/.+ <.+@example\.com>, \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\n/);

    // The completion's event (and so its webhook) carries what was filled.
    const [completed] = await ctx.database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.contractId, contract.id), eq(events.type, 'contract.completed')));
    const values = JSON.parse(String(completed?.data.fieldValues));
    expect(values).toEqual(
      expect.arrayContaining([
        {
          label: 'Company',
          type: 'company',
          signer: 1,
          document: 'agreement.pdf',
          page: 2,
          value: 'Łódź Widgets Sp. z o.o.',
        },
        { label: '', type: 'signature', signer: 1, document: 'agreement.pdf', page: 2, value: '(image)' },
        { label: '', type: 'initials', signer: 2, document: 'agreement.pdf', page: 1, value: '(image)' },
        {
          label: 'VAT number',
          type: 'text',
          signer: 2,
          document: 'agreement.pdf',
          page: 2,
          value: 'PL12345678',
        },
      ]),
    );
    const history = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/history` });
    const signedEntry = history
      .json()
      .items.find(
        (entry: { action: string; details: string }) =>
          entry.action === 'signed' && entry.details.includes('Company'),
      );
    expect(signedEntry.details).toContain(
      'filled signature: (signed); name: محمد العلي; Company: Łódź Widgets Sp. z o.o.; Agreed: true',
    );
  }, 120_000);
});

describe('a picture for an image field', () => {
  it('is read as the seal will read it: a PNG that claims 30,000 × 30,000 pixels is refused', async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=stamp.pdf',
      payload: pdfFixture('img2pdf-scan.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    const contract = created.json();
    const signer = { name: 'Anna Kowalska', email: 'anna.stamp@example.com' };
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { signers: [signer] },
    });
    const placed = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${contract.id}/fields`,
      json: {
        fields: [
          {
            fileId: contract.files[0].id,
            page: 0,
            x: 0.6,
            y: 0.8,
            width: 0.2,
            height: 0.1,
            type: 'image',
            signer: 1,
            label: 'Company seal',
          },
        ],
      },
    });
    const fieldId = placed.json().fields[0].id as string;
    await call(ctx, owner, { method: 'POST', url: `/api/contracts/${contract.id}/send`, json: {} });
    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
    // A real PNG's header, its size rewritten: 30,000 × 30,000 pixels would take gigabytes to decode.
    const png = Buffer.from(signatureDataUrl().split(',')[1] ?? '', 'base64');
    png.writeUInt32BE(30_000, 16);
    png.writeUInt32BE(30_000, 20);
    const refused = await sign(
      browser,
      { [fieldId]: `data:image/png;base64,${png.toString('base64')}` },
      false,
      signer.name,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      '“Company seal” takes a PNG or JPEG picture of at most 1,200 × 1,200 pixels (8 bits a colour, no text or other extra data) that can be read: make it smaller, or save it again as an ordinary PNG or JPEG.',
    );
    const accepted = await sign(browser, { [fieldId]: signatureDataUrl() }, false, signer.name);
    expect(accepted.statusCode, accepted.body).toBe(204);
    await background.drain();
    const final = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${contract.id}/documents/final`,
    });
    expect(final.statusCode).toBe(200);
    // The scan was the page's one picture; the seal is drawn over it as a second.
    const dir = await mkdtemp(join(tmpdir(), 'pactum-stamp-'));
    await writeFile(join(dir, 'final.pdf'), final.rawPayload);
    const { stdout } = await run('pdfimages', ['-list', '-f', '1', '-l', '1', join(dir, 'final.pdf')]);
    const images = stdout.trim().split('\n').slice(2);
    expect(images.length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});

describe("a PDF's own form", () => {
  it('is filled through its fields, which the sealed document keeps, holding the values and locked', async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=registration.pdf',
      payload: pdfFixture('pdftex-form.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    const contract = created.json();
    const signer = { name: 'Łukasz Żółć', email: 'lukasz.form@example.com' };
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { signers: [signer] },
    });
    // The sender assigns the form's four fields to the signer.
    const assigned = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${contract.id}/fields`,
      json: { fields: contract.fields.map((field: object) => ({ ...field, signer: 1, required: false })) },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const byLabel = Object.fromEntries(
      assigned.json().fields.map((field: { label: string; id: string }) => [field.label, field.id]),
    );
    expect(
      (await call(ctx, owner, { method: 'POST', url: `/api/contracts/${contract.id}/send`, json: {} }))
        .statusCode,
    ).toBe(200);
    const frozen = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${contract.id}/documents/frozen`,
    });
    const dir = await mkdtemp(join(tmpdir(), 'pactum-form-'));
    await writeFile(join(dir, 'frozen.pdf'), frozen.rawPayload);
    // Sent with its own fields, each empty: their values are the contract's fields now.
    expect((await run('pdfinfo', [join(dir, 'frozen.pdf')])).stdout).toMatch(/Form:\s+AcroForm/);

    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
    const signed = await sign(
      browser,
      { [byLabel.company]: 'Żółć Logistics', [byLabel.agree]: 'true', [byLabel.country]: 'Poland' },
      false,
      signer.name,
    );
    expect(signed.statusCode, signed.body).toBe(204);
    await background.drain();
    const final = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${contract.id}/documents/final`,
    });
    await writeFile(join(dir, 'final.pdf'), final.rawPayload);
    const { stdout } = await run('pdftotext', ['-f', '1', '-l', '1', join(dir, 'final.pdf'), '-']);
    expect(stdout).toContain('Żółć Logistics');
    expect(stdout).toContain('Poland');
    if (process.env.PDF_SCREENSHOTS)
      await writeFile(join(process.env.PDF_SCREENSHOTS, 'form-final.pdf'), final.rawPayload);
    // The form's own fields hold what was signed, and cannot be typed over; the one left empty too.
    const form = (await PDF.load(final.rawPayload)).getForm();
    const field = (name: string) => form?.getFields().find((each) => each.name === name);
    expect((field('company') as TextField | undefined)?.getValue()).toBe('Żółć Logistics');
    expect((field('agree') as CheckboxField | undefined)?.isChecked()).toBe(true);
    expect((field('country') as DropdownField | undefined)?.getValue()).toBe('Poland');
    expect((field('vat') as TextField | undefined)?.getValue()).toBe('');
    for (const name of ['company', 'vat', 'agree', 'country'])
      expect(field(name)?.isReadOnly(), name).toBe(true);
    const { stdout: signatures } = await run('pdfsig', [join(dir, 'final.pdf')]).catch((error) => error);
    expect(signatures).toContain('Signature is Valid');
  }, 60_000);
});
