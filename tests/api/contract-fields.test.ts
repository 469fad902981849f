import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema';
import { placeTaggedFields } from '../../src/server/services/contract-files/place-tagged-fields';
import { fieldLimits } from '../../src/shared/fields';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { buildAccount, call, type TestAccount, testApp } from '../support/test-app';
import { testEngines } from '../support/test-engines';

const ctx = await testApp();
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);
const { background } = await withMail(ctx);

async function draftWithPdf(account: TestAccount = owner, fixture = 'chromium-tagged.pdf', template = false) {
  const response = await call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/upload-pdf?name=agreement.pdf${template ? '&template=true' : ''}`,
    payload: pdfFixture(fixture),
    headers: { 'content-type': 'application/pdf' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; revision: number; files: { id: string; pageCount: number }[] };
}

const box = { x: 0.1, y: 0.8, width: 0.3, height: 0.05 };
const save = (id: string, fields: unknown[], account: TestAccount = owner, baseRevision?: number) =>
  call(ctx, account, {
    method: 'PUT',
    url: `/api/contracts/${id}/fields`,
    json: { fields, ...(baseRevision ? { baseRevision } : {}) },
  });

describe('fields placed on PDFs', () => {
  it('are saved as a set, answered in the order sent, read in reading order, and keep their ids', async () => {
    const draft = await draftWithPdf();
    const fileId = draft.files[0]?.id;
    const response = await save(
      draft.id,
      [
        { fileId, page: 1, ...box, type: 'dateSigned', signer: 1 },
        { fileId, page: 1, ...box, y: 0.7, type: 'signature', signer: 1, label: 'Customer' },
        {
          fileId,
          page: 0,
          ...box,
          type: 'radio',
          signer: 2,
          options: { choices: ['Monthly', 'Yearly'] },
          value: 'Yearly',
        },
        {
          fileId,
          page: 0,
          ...box,
          y: 0.2,
          type: 'text',
          signer: null,
          required: false,
          options: { format: 'pattern', pattern: '[A-Z]{2}[0-9]{6}', maxLength: 8 },
        },
      ],
      owner,
      draft.revision,
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved.revision).toBe(draft.revision + 1);
    // Answered in the order sent (an editor learns its new fields' ids); read back in reading order.
    expect(saved.fields.map((field: { type: string }) => field.type)).toEqual([
      'dateSigned',
      'signature',
      'radio',
      'text',
    ]);
    expect(saved.fields[1]).toMatchObject({ label: 'Customer', required: true, value: null, signer: 1 });

    const contract = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}` })).json();
    expect(contract.fields.map((field: { type: string }) => field.type)).toEqual([
      'text',
      'radio',
      'signature',
      'dateSigned',
    ]);
    expect(contract.fields).toEqual(expect.arrayContaining(saved.fields));

    // Saved again with one moved: the same ids; a made-up id is replaced.
    const [first, ...rest] = saved.fields;
    const again = await save(draft.id, [
      { ...first, x: 0.5 },
      ...rest,
      { ...rest[0], id: crypto.randomUUID() },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    const ids = again.json().fields.map((field: { id: string }) => field.id);
    expect(ids).toEqual(expect.arrayContaining(saved.fields.map((field: { id: string }) => field.id)));
    expect(ids).toHaveLength(5);
  });

  it.each([
    [{ page: 2 }, 'Field 1: it is on page 3, but “agreement.pdf” has 2.'],
    [{ x: 0.9 }, 'Field 1: it reaches past the edge of its page.'],
    [
      { type: 'dropdown', options: { choices: ['Only one'] } },
      'Field 1: a radio group or a dropdown needs at least two choices.',
    ],
    [{ type: 'signature', value: 'Signed' }, 'Field 1: the signer fills this one: it takes no value.'],
    [
      { type: 'text', options: { format: 'pattern', pattern: '(a' } },
      'Field 1: its pattern is not a regular expression (RE2 syntax: no look-arounds or back-references).',
    ],
    [
      { type: 'text', options: { maxLength: 3 }, value: 'Too long' },
      'Field 1: its value is longer than 3 characters.',
    ],
    [{ type: 'date', value: '27/11/2026' }, 'Field 1: a date is written YYYY-MM-DD.'],
    [
      { type: 'checkbox', options: { pattern: 'x' } },
      'Field 1: only a text field has a format, a pattern, lines or a length.',
    ],
  ])('refuses %j: %s', async (change, message) => {
    const draft = await draftWithPdf();
    const response = await save(draft.id, [
      { fileId: draft.files[0]?.id, page: 0, ...box, type: 'signature', signer: 1, ...change },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('refuses a field on a PDF of another contract, more than 1,000 fields, and a stranger', async () => {
    const draft = await draftWithPdf();
    const other = await draftWithPdf();
    const foreign = await save(draft.id, [
      { fileId: other.files[0]?.id, page: 0, ...box, type: 'name', signer: 1 },
    ]);
    expect(foreign.json().error.message).toBe('Field 1: it is on a PDF this contract does not hold.');
    const many = Array.from({ length: fieldLimits.fieldsPerContract + 1 }, () => ({
      fileId: draft.files[0]?.id,
      page: 0,
      ...box,
      type: 'initials',
      signer: 1,
    }));
    expect((await save(draft.id, many)).statusCode).toBe(400);
    expect((await save(draft.id, [], stranger)).statusCode).toBe(404);
  });

  it('a pattern that would take exponential time with backtracking is matched in linear time', async () => {
    const draft = await draftWithPdf();
    const response = await save(draft.id, [
      {
        fileId: draft.files[0]?.id,
        page: 0,
        ...box,
        type: 'text',
        signer: 1,
        options: { format: 'pattern', pattern: '(a+)+$' },
        value: `${'a'.repeat(500)}`,
      },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const started = performance.now();
    const refused = await save(draft.id, [
      {
        fileId: draft.files[0]?.id,
        page: 0,
        ...box,
        type: 'text',
        signer: 1,
        options: { format: 'pattern', pattern: '(a+)+$', maxLength: 500 },
        value: `${'a'.repeat(499)}!`,
      },
    ]);
    expect(refused.json().error.message).toBe('Field 1: its value does not have the form asked for.');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("come from the PDF's own form, where its widgets are, for the sender to assign", async () => {
    const draft = await draftWithPdf(owner, 'pdftex-form.pdf');
    const contract = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}` })).json();
    const byLabel = Object.fromEntries(
      contract.fields.map((field: { label: string }) => [field.label, field]),
    );
    expect(Object.keys(byLabel).sort()).toEqual(['agree', 'company', 'country', 'vat']);
    expect(byLabel.company).toMatchObject({
      type: 'text',
      signer: null,
      page: 0,
      fileId: draft.files[0]?.id,
    });
    expect(byLabel.agree).toMatchObject({ type: 'checkbox', signer: null });
    expect(byLabel.country).toMatchObject({
      type: 'dropdown',
      options: { choices: ['Poland', 'Greece', 'China'] },
    });
    // Each where pdfTeX put it: the company field above the VAT field, in the page's upper half.
    expect(byLabel.company.y).toBeLessThan(byLabel.vat.y);
    expect(byLabel.company.y).toBeLessThan(0.5);
    expect(byLabel.company.width).toBeGreaterThan(0.2);

    // Until the sender assigns them, the contract is not sent.
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${draft.id}`,
      json: { signers: [{ name: 'Ewa', email: 'ewa@example.com' }] },
    });
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${draft.id}/send`, json: {} });
    expect(sent.json().error.message).toBe(
      '4 fields on “agreement.pdf” are not assigned to a signer. Assign or remove them before sending.',
    );
  });

  it('come from text tags written in the PDF, once, after the upload', async () => {
    const draft = await draftWithPdf(owner, 'chromium-tagged.pdf');
    await background.drain();
    const contract = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}` })).json();
    const placed = contract.fields.map((field: { type: string; signer: number; page: number }) => [
      field.type,
      field.signer,
      field.page,
    ]);
    // Chromium printed the signature block on the second page: {{signature:1}} {{name:1}}
    // {{date:1}}, then the same for signer 2, one line each.
    expect(placed).toEqual([
      ['signature', 1, 1],
      ['name', 1, 1],
      ['dateSigned', 1, 1],
      ['signature', 2, 1],
      ['name', 2, 1],
      ['dateSigned', 2, 1],
    ]);
    const [signature, name] = contract.fields;
    // Where the tag is: left of the page's middle, in its upper half, a signature's size at least.
    expect(signature.x).toBeLessThan(0.5);
    expect(signature.y).toBeLessThan(0.5);
    expect(signature.width * 612).toBeGreaterThanOrEqual(159);
    expect(signature.height * 792).toBeGreaterThanOrEqual(39);
    expect(name.y).toBeGreaterThan(signature.y);

    // Run again (a job retried), nothing more is placed.
    const [event] = await ctx.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.contractId, draft.id), eq(events.type, 'contract.file_added')));
    expect(event).toBeDefined();
    await placeTaggedFields(
      { ...ctx.database, ...(await testEngines()) },
      { contractId: draft.id, fileId: draft.files[0]?.id ?? '' },
    );
    const again = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}` })).json();
    expect(again.fields).toHaveLength(6);
  });

  it('follow their PDF: replaced, they stay on the pages it still has; removed, they go; copied with a template', async () => {
    const template = await draftWithPdf(owner, 'chromium-tagged.pdf', true);
    const fileId = template.files[0]?.id;
    const onTemplate = await save(template.id, [
      { fileId, page: 0, ...box, type: 'signature', signer: 1 },
      { fileId, page: 1, ...box, type: 'initials', signer: 2 },
    ]);
    expect(onTemplate.statusCode, onTemplate.body).toBe(200);
    const made = await call(ctx, owner, {
      method: 'POST',
      url: `/api/templates/${template.id}/contracts`,
      json: {},
    });
    const contract = (
      await call(ctx, owner, { method: 'GET', url: `/api/contracts/${made.json().id}` })
    ).json();
    expect(
      contract.fields.map((field: { type: string; signer: number; fileId: string }) => [
        field.type,
        field.signer,
        field.fileId,
      ]),
    ).toEqual([
      ['signature', 1, contract.files[0].id],
      ['initials', 2, contract.files[0].id],
    ]);

    // A field for a second signer, with one signer: not sent.
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { signers: [{ name: 'Li Wei', email: 'li@example.com' }] },
    });
    const sent = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${contract.id}/send`,
      json: {},
    });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().error.message).toBe(
      'A field on “agreement.pdf” is for signer 2, but this contract has one signer. Add a signer or remove the field.',
    );

    // Replaced by a one-page PDF: the page-2 field goes, the page-1 one stays.
    const replaced = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${contract.id}/files?name=scan.pdf&replaces=${contract.files[0].id}`,
      payload: pdfFixture('img2pdf-scan.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    let after = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}` })).json();
    expect(after.fields.map((field: { type: string; fileId: string }) => [field.type, field.fileId])).toEqual(
      [['signature', replaced.json().file.id]],
    );

    await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${contract.id}/files/${replaced.json().file.id}`,
    });
    after = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}` })).json();
    expect(after.fields).toEqual([]);
    // The template keeps its own.
    const kept = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${template.id}` })).json();
    expect(kept.fields).toHaveLength(2);
  });
});
