import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractFields, events } from '../../src/server/db/schema';
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

const text = (value: string) => ({ type: 'text', text: value });
const field = (type: string, signer: number, label = '', choices: string[] | null = null) => ({
  type: 'signingField',
  attrs: { type, signer, label, required: true, choices },
});
const para = (...content: unknown[]) => ({ type: 'paragraph', content });

/** An NDA whose signature block is written in its text, as a lawyer writes one. */
const nda = (extra: unknown[] = []) => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text('Mutual Non-Disclosure Agreement')] },
    para(text('Each party keeps the other’s confidential information secret for three years.')),
    { type: 'heading', attrs: { level: 2 }, content: [text('Signatures')] },
    para(text('Signed for Northwind Ltd: '), field('signature', 1)),
    para(text('Name: '), field('name', 1), text(' Date: '), field('dateSigned', 1)),
    para(text('Signed for Łódź Widgets: '), field('signature', 2)),
    para(text('Company: '), field('company', 2, 'Company')),
    para(field('checkbox', 2, 'Agreed to the annex'), text(' I have read the annex.')),
    para(text('Term: '), field('dropdown', 2, 'Term', ['One year', 'Three years'])),
    ...extra,
  ],
});

function sign(browser: SigningBrowser, placed: Record<string, string>, fullName: string) {
  return signAs(ctx, browser, { fullName }, { values: placed });
}

describe('signing fields written in the drafted text', () => {
  it('are placed where the PDF prints them, signed in place, and replace the signature pages', async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Mutual NDA', content: nda(), signers: [first, second] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const contract = created.json();
    // The editor's HTML shows each field as a chip in its signer's colour.
    expect(contract.contentHtml).toContain('data-signing-field="signature" data-signer="2"');
    expect(contract.contentHtml).toContain('[Term · Signer 2]');

    const sent = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${contract.id}/send`,
      json: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(contractFields)
      .where(eq(contractFields.contractId, contract.id));
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      expect(row.fileId).toBeNull();
      expect(row.page).toBe(0);
      expect(row.x).toBeGreaterThan(0.05);
      expect(row.x + row.width).toBeLessThan(0.95);
      expect(row.y).toBeGreaterThan(0.1);
    }
    const signatures = rows.filter((row) => row.type === 'signature').sort((a, b) => a.y - b.y);
    expect(signatures.map((row) => row.signer)).toEqual([1, 2]);
    // The name and the date signed are written on one line: side by side, at the same height.
    const name = rows.find((row) => row.type === 'name');
    const date = rows.find((row) => row.type === 'dateSigned');
    expect(
      Math.abs((name?.y ?? 0) + (name?.height ?? 0) - (date?.y ?? 1) - (date?.height ?? 0)),
    ).toBeLessThan(0.002);
    expect(date?.x).toBeGreaterThan((name?.x ?? 1) + (name?.width ?? 0));
    expect(rows.find((row) => row.type === 'dropdown')?.options).toEqual({
      choices: ['One year', 'Three years'],
    });

    // The frozen document shows each empty field as a line to sign on, and nothing is drawn in it.
    const frozen = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${contract.id}/documents/frozen`,
    });
    expect(frozen.statusCode).toBe(200);
    if (process.env.PDF_SCREENSHOTS)
      await writeFile(join(process.env.PDF_SCREENSHOTS, 'text-fields-frozen.pdf'), frozen.rawPayload);
    const firstSignature = signatures[0] as (typeof rows)[number];
    expect(await inkIn(frozen.rawPayload, 1, firstSignature)).toBe(0);

    await background.drain();
    const firstBrowser = await openLink(ctx, latestTokenFor(peer, first.email));
    const view = (
      await call(ctx, null, {
        method: 'GET',
        url: `/api/signing/${firstBrowser.signerId}`,
        headers: { cookie: firstBrowser.cookie },
      })
    ).json();
    expect(view.placed).toHaveLength(7);
    expect(
      view.placed
        .filter((placed: { mine: boolean }) => placed.mine)
        .map((placed: { type: string }) => placed.type),
    ).toEqual(['signature', 'name', 'dateSigned']);
    const idOf = (label: string) => rows.find((row) => row.label === label)?.id ?? '';
    // A value for the other signer's field is refused.
    const notTheirs = await sign(firstBrowser, { [idOf('Company')]: 'X' }, first.name);
    expect(notTheirs.json().error.message).toBe('A value was given for a field that is not yours to fill.');
    expect((await sign(firstBrowser, {}, first.name)).statusCode).toBe(204);

    await background.drain();
    const secondBrowser = await openLink(ctx, latestTokenFor(peer, second.email));
    const notAChoice = await sign(
      secondBrowser,
      {
        [idOf('Company')]: 'Łódź Widgets Sp. z o.o.',
        [idOf('Agreed to the annex')]: 'true',
        [idOf('Term')]: 'Forever',
      },
      second.name,
    );
    expect(notAChoice.statusCode).toBe(400);
    const signed = await sign(
      secondBrowser,
      {
        [idOf('Company')]: 'Łódź Widgets Sp. z o.o.',
        [idOf('Agreed to the annex')]: 'true',
        [idOf('Term')]: 'Three years',
      },
      second.name,
    );
    expect(signed.statusCode, signed.body).toBe(204);
    await background.drain();

    const final = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${contract.id}/documents/final`,
    });
    expect(final.statusCode).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'pactum-text-fields-'));
    if (process.env.PDF_SCREENSHOTS)
      await writeFile(join(process.env.PDF_SCREENSHOTS, 'text-fields-final.pdf'), final.rawPayload);
    await writeFile(join(dir, 'final.pdf'), final.rawPayload);
    const { stdout: pageOne } = await run('pdftotext', ['-f', '1', '-l', '1', join(dir, 'final.pdf'), '-']);
    for (const value of [
      first.name,
      'Łódź Widgets Sp. z o.o.',
      'Three years',
      new Date().toISOString().slice(0, 10),
    ]) {
      expect(pageOne).toContain(value);
    }
    // Both signatures are drawn inside their boxes on the page of the text.
    for (const row of signatures) expect(await inkIn(final.rawPayload, 1, row)).toBeGreaterThan(0.002);
    // Every signer signed in place: no signature page, the certificate follows the text.
    const { stdout: all } = await run('pdftotext', [join(dir, 'final.pdf'), '-']);
    expect(all).not.toContain('Signature page');
    expect(all).toContain('Certificate of Completion');
    expect(all.slice(all.indexOf('Certificate of Completion'))).toContain(
      'Company (page 1): Łódź Widgets Sp. z o.o.',
    );
    const { stdout: signature } = await run('pdfsig', [join(dir, 'final.pdf')]).catch((error) => error);
    expect(signature).toContain('Signature is Valid');

    // The completion's event (and so its webhook) carries the values, the text's as document null.
    const [completed] = await ctx.database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.contractId, contract.id), eq(events.type, 'contract.completed')));
    expect(JSON.parse(String(completed?.data.fieldValues))).toEqual(
      expect.arrayContaining([
        { label: 'Term', type: 'dropdown', signer: 2, document: null, page: 1, value: 'Three years' },
        { label: '', type: 'signature', signer: 1, document: null, page: 1, value: '(image)' },
      ]),
    );
  });

  it('keeps the signature pages while a signer has no signature field of their own', async () => {
    const third = { name: 'Ελένη Παπαδοπούλου', email: 'eleni@example.com' };
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Three parties',
        content: { type: 'doc', content: [para(text('Signed: '), field('signature', 1))] },
        signers: [first, third],
      },
    });
    const id = created.json().id;
    expect(
      (await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} })).statusCode,
    ).toBe(200);
    await background.drain();
    for (const person of [first, third]) {
      const browser = await openLink(ctx, latestTokenFor(peer, person.email));
      const signed = await sign(browser, {}, person.name);
      expect(signed.statusCode, signed.body).toBe(204);
    }
    await background.drain();
    const final = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(final.statusCode, final.body).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'pactum-text-fields-'));
    await writeFile(join(dir, 'final.pdf'), final.rawPayload);
    const { stdout: all } = await run('pdftotext', [join(dir, 'final.pdf'), '-']);
    expect(all).toContain('Signature page');
    expect(all).toContain(third.name);
  });

  it('refuses a field for a signer the contract does not have, and a malformed field', async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Too few', content: nda([para(field('initials', 3))]), signers: [first, second] },
    });
    const id = created.json().id;
    const refused = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'A initials field in the text is for signer 3, but this contract has 2 signers. Add a signer or remove the field.',
    );
    for (const attrs of [
      { type: 'bogus', signer: 1, label: '', required: true, choices: null },
      { type: 'signature', signer: 0, label: '', required: true, choices: null },
      { type: 'radio', signer: 1, label: '', required: true, choices: ['only one'] },
      { type: 'text', signer: 1, label: 'x'.repeat(101), required: true, choices: null },
    ]) {
      const response = await call(ctx, owner, {
        method: 'PATCH',
        url: `/api/contracts/${id}`,
        json: { content: { type: 'doc', content: [para({ type: 'signingField', attrs })] } },
      });
      expect(response.statusCode, JSON.stringify(attrs)).toBe(400);
    }
  });

  it('holds a text field to its lines, what it must hold and its length, as on a PDF', async () => {
    const textField = (label: string, options: Record<string, unknown>) => ({
      type: 'signingField',
      attrs: { type: 'text', signer: 1, label, required: true, choices: null, options },
    });
    const content = (options: Record<string, unknown>) => ({
      type: 'doc',
      content: [
        para(text('Signed: '), field('signature', 1)),
        para(text('VAT number: '), textField('VAT number', options)),
        para(text('Notes: '), textField('Notes', { multiline: true, maxLength: 40 })),
      ],
    });
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Validated fields', content: content({ format: 'number' }), signers: [first] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    // RE2 has no look-arounds: such a pattern would fail at signing, so it is refused at saving.
    const lookahead = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { content: content({ format: 'pattern', pattern: '(?=PL)[A-Z]{2}[0-9]{8}' }) },
    });
    expect(lookahead.statusCode).toBe(400);
    expect(lookahead.json().error.message).toBe(
      'The pattern of the text field “VAT number” is not a regular expression (RE2 syntax: no look-arounds or back-references)',
    );
    for (const options of [
      { format: 'pattern' },
      { pattern: '[0-9]+' },
      { maxLength: 0 },
      { format: 'phone' },
      { multiline: 'yes' },
    ]) {
      const refused = await call(ctx, owner, {
        method: 'PATCH',
        url: `/api/contracts/${id}`,
        json: { content: content(options) },
      });
      expect(refused.statusCode, JSON.stringify(options)).toBe(400);
    }
    const checkbox = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: {
        content: {
          type: 'doc',
          content: [
            para({
              type: 'signingField',
              attrs: {
                type: 'checkbox',
                signer: 1,
                label: '',
                required: true,
                choices: null,
                options: { maxLength: 3 },
              },
            }),
          ],
        },
      },
    });
    expect(checkbox.json().error.message).toBe('A checkbox has no text options');
    const saved = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { content: content({ format: 'pattern', pattern: '[A-Z]{2}[0-9]{8}' }) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contentHtml).toContain(
      'data-options="{&quot;format&quot;:&quot;pattern&quot;,&quot;pattern&quot;:&quot;[A-Z]{2}[0-9]{8}&quot;}"',
    );

    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const rows = await ctx.database.db.select().from(contractFields).where(eq(contractFields.contractId, id));
    const vat = rows.find((row) => row.label === 'VAT number');
    const notes = rows.find((row) => row.label === 'Notes');
    expect(vat?.options).toEqual({ format: 'pattern', pattern: '[A-Z]{2}[0-9]{8}' });
    expect(notes?.options).toEqual({ multiline: true, maxLength: 40 });
    // Several lines are given the room of several lines on the page.
    expect(notes?.height ?? 0).toBeGreaterThan(2 * (vat?.height ?? 1));

    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, first.email));
    const values = (vatNumber: string, note: string) => ({
      [vat?.id ?? '']: vatNumber,
      [notes?.id ?? '']: note,
    });
    const badVat = await sign(browser, values('PL 1234', 'Fine'), first.name);
    expect(badVat.statusCode).toBe(400);
    expect(badVat.json().error.message).toBe('“VAT number” does not have the form asked for.');
    const tooLong = await sign(browser, values('PL12345678', 'x'.repeat(41)), first.name);
    expect(tooLong.json().error.message).toBe('“Notes” is longer than 40 characters.');
    // A lone surrogate (a broken emoji pasted in) is stored as U+FFFD, as any text is.
    const signed = await sign(
      browser,
      values('PL12345678', 'Delivery to Łódź,\nthen Kraków \ud83d'),
      first.name,
    );
    expect(signed.statusCode, signed.body).toBe(204);
    const [stored] = await ctx.database.db
      .select()
      .from(contractFields)
      .where(eq(contractFields.id, notes?.id ?? ''));
    expect(stored?.filledValue).toBe('Delivery to Łódź,\nthen Kraków \ufffd');
  });

  it('writes a label as text wherever the field is shown, never as markup', async () => {
    const label = '"><img src=x onerror=alert(1)>';
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Hostile label', content: { type: 'doc', content: [para(field('text', 1, label))] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const html = created.json().contentHtml as string;
    expect(html).not.toContain('<img');
    expect(html).toContain('data-label="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
  });

  it('keeps a template’s fields for its roles in the contracts made from it', async () => {
    const template = (
      await call(ctx, owner, {
        method: 'POST',
        url: '/api/contracts',
        json: {
          title: 'NDA template',
          content: nda(),
          isTemplate: true,
        },
      })
    ).json();
    const made = await call(ctx, owner, {
      method: 'POST',
      url: `/api/templates/${template.id}/contracts`,
      json: { id: randomUUID() },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().content).toEqual(template.content);
    expect(JSON.stringify(made.json().content)).toContain('"signingField"');
  });
});
