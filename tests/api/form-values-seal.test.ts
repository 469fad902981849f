import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDF, PdfName, PdfString } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { draftFromPdf } from '../support/pdf-drafts';
import { changedInFields, inkIn } from '../support/pdf-ink';
import { latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

const run = promisify(execFile);

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
const { peer, background } = await withMail(ctx);

async function textOf(pdf: Uint8Array, page: number): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-form-')), 'doc.pdf');
  await writeFile(file, pdf);
  return (await run('pdftotext', ['-f', `${page}`, '-l', `${page}`, file, '-'])).stdout.replace(/\s+/g, ' ');
}

type Box = { x: number; y: number; width: number; height: number };
type Found = Box & {
  id: string;
  fileId: string;
  page: number;
  type: string;
  label: string;
  options: { choices?: string[]; choiceBoxes?: Box[]; multiline?: boolean };
};

/** The middle of a box: half its width and height, about its centre. */
const inner = (box: Box): Box => ({
  x: box.x + box.width / 4,
  y: box.y + box.height / 4,
  width: box.width / 2,
  height: box.height / 2,
});

/**
 * Each field of a PDF's own form, by its full name, with its value as the PDF holds it; not its
 * signatures (the seal is one).
 */
function formValues(pdf: PDF): Record<string, string> {
  const fields = pdf.getForm()?.getFields() ?? [];
  return Object.fromEntries(
    fields
      .filter((field) => field.type !== 'signature')
      .map((field) => {
        const value = field.acroField().get('V');
        const text =
          value instanceof PdfString ? value.asString() : value instanceof PdfName ? value.value : '';
        return [field.name, text];
      }),
  );
}

/** Sends the contract, and answers the document as sent, once its jobs ran. */
async function sentDocument(id: string): Promise<Buffer> {
  const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
  expect(sent.statusCode, sent.body).toBe(200);
  await background.drain();
  return (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/frozen` })).rawPayload;
}

/** The values each of the LibreOffice form's fields is filled with. */
const values: Record<string, string> = {
  CustomerName: 'Zofia Wiśniewska',
  DeliveryNotes: 'Leave the parcels at the loading bay behind the north warehouse, by the blue door',
  Reference: 'PO-2026-0042',
  Insured: 'true',
  Plan: 'Standard',
  Region: 'South',
  Courier: 'Van',
};

describe("a LibreOffice form's own fields", () => {
  it('are each filled, and each value is drawn inside its own widget: the second radio button at its own circle', async () => {
    const form = pdfFixture('libreoffice-form.pdf');
    const signer = { name: 'Zofia Wiśniewska', email: 'zofia.lo@example.com' };
    const contract = await draftFromPdf(ctx, owner, form, 'order-form.pdf', [signer]);
    const found = contract.fields as Found[];
    const byLabel = new Map(found.map((field) => [field.label, field]));
    expect([...byLabel.keys()].sort()).toEqual(Object.keys(values).sort());
    expect(found).toHaveLength(Object.keys(values).length);

    // The radio group is one field, its choices its three buttons, each with its own box.
    const plan = byLabel.get('Plan') as Found;
    expect(plan.type).toBe('radio');
    expect(plan.options.choices).toEqual(['Basic', 'Standard', 'Premium']);
    expect(plan.options.choiceBoxes).toHaveLength(3);
    expect(byLabel.get('DeliveryNotes')?.options.multiline).toBe(true);

    const assigned = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${contract.id}/fields`,
      json: {
        fields: found.map(({ id, fileId, page, x, y, width, height, type, label, options }) => ({
          id,
          fileId,
          page,
          x,
          y,
          width,
          height,
          type,
          label,
          options,
          signer: 1,
          required: true,
        })),
      },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const saved = assigned.json().fields as Found[];
    expect(saved.find((field) => field.label === 'Plan')?.options.choiceBoxes).toEqual(
      plan.options.choiceBoxes,
    );

    // A box for each choice, and only a radio group's.
    const planIndex = saved.findIndex((field) => field.label === 'Plan');
    const withOptions = (index: number, options: Found['options']) =>
      call(ctx, owner, {
        method: 'PUT',
        url: `/api/contracts/${contract.id}/fields`,
        json: {
          fields: saved.map(({ id, fileId, page, x, y, width, height, type, label, options: own }, at) => ({
            id,
            fileId,
            page,
            x,
            y,
            width,
            height,
            type,
            label,
            signer: 1,
            options: at === index ? options : own,
          })),
        },
      });
    const short = await withOptions(planIndex, {
      ...plan.options,
      choiceBoxes: plan.options.choiceBoxes?.slice(1),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('it needs one box for each of its choices.');
    // A button of no size would be chosen and sealed, yet show nothing on the page.
    const empty = await withOptions(planIndex, {
      ...plan.options,
      choiceBoxes: plan.options.choiceBoxes?.map((box, at) => (at === 0 ? { ...box, width: 0 } : box)),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain("a choice's box needs a width and a height.");
    const region = saved.findIndex((field) => field.label === 'Region');
    const notRadio = await withOptions(region, {
      ...saved[region]?.options,
      choiceBoxes: [{ x: 0, y: 0, width: 1, height: 1 }],
    });
    expect(notRadio.statusCode).toBe(400);
    expect(notRadio.json().error.message).toContain("only a radio group's choices have boxes of their own.");

    const frozen = await sentDocument(contract.id);

    // The form is sent with its fields, each empty: their values are the contract's fields now.
    const sentForm = formValues(await PDF.load(frozen));
    expect(Object.keys(sentForm).sort()).toEqual(Object.keys(values).sort());
    for (const [name, value] of Object.entries(sentForm)) expect(value, name).toMatch(/^(|Off)$/);

    const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
    const signed = await signAs(
      ctx,
      browser,
      { fullName: signer.name },
      { values: Object.fromEntries(saved.map((field) => [field.id, values[field.label] ?? ''])) },
    );
    expect(signed.statusCode, signed.body).toBe(204);
    await background.drain();
    const final = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${contract.id}/documents/final`,
    });
    expect(final.statusCode, final.body).toBe(200);
    const sealed = final.rawPayload;
    if (process.env.PDF_SCREENSHOTS)
      await writeFile(join(process.env.PDF_SCREENSHOTS, 'libreoffice-form-final.pdf'), sealed);

    // The form's own fields hold the values, and are locked.
    const sealedForm = await PDF.load(sealed);
    expect(formValues(sealedForm)).toEqual({ ...values, Insured: expect.stringMatching(/^(?!Off$)/) });
    const ownFields =
      sealedForm
        .getForm()
        ?.getFields()
        .filter((field) => field.type !== 'signature') ?? [];
    expect(ownFields.filter((field) => !field.isReadOnly()).map((field) => field.name)).toEqual([]);

    // Every text value is in the sealed page's text, the long one in the small box too.
    const text = await textOf(sealed, 1);
    for (const label of ['CustomerName', 'DeliveryNotes', 'Reference', 'Region', 'Courier'])
      expect(text).toContain(values[label]);

    // The page as sent against the page sealed: each value changed pixels inside its own widget's
    // box, none anywhere else; the radio group's mark is at the second button, not the first or third.
    const { changed, outside } = await changedInFields(frozen, sealed, { before: 1, after: 1 }, saved, {
      dpi: 144,
    });
    expect(outside).toBe(0);
    for (const name of [
      'CustomerName',
      'DeliveryNotes',
      'Reference',
      'Insured',
      'Plan:Standard',
      'Region',
      'Courier',
    ])
      expect(changed[name], name).toBeGreaterThan(0);
    expect(changed['Plan:Basic']).toBe(0);
    expect(changed['Plan:Premium']).toBe(0);
  }, 180_000);

  it('keep apart when several PDFs with forms are joined, and none shows a value its PDF held before it was sent', async () => {
    // The LibreOffice form as a sender might upload it: filled in by hand, the name already typed.
    const prefilled = await PDF.load(pdfFixture('libreoffice-form.pdf'));
    prefilled.getForm()?.getTextField('CustomerName')?.setValue('Stale Name');
    prefilled.getForm()?.getCheckbox('Insured')?.check();
    const parts = [
      { bytes: await prefilled.save(), name: 'prefilled.pdf' },
      { bytes: pdfFixture('pdftex-form.pdf'), name: 'pdftex-form.pdf' },
      { bytes: pdfFixture('libreoffice-form.pdf'), name: 'order-form.pdf' },
    ];
    const signer = { name: 'Дмитрий Соколов', email: 'dmitry.forms@example.com' };
    const contract = await draftFromPdf(ctx, owner, parts[0]?.bytes ?? new Uint8Array(), 'prefilled.pdf', [
      signer,
    ]);
    for (const part of parts.slice(1)) {
      const added = await call(ctx, owner, {
        method: 'POST',
        url: `/api/contracts/${contract.id}/files?name=${part.name}`,
        payload: Buffer.from(part.bytes),
        headers: { 'content-type': 'application/pdf' },
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const draft = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}` })).json();
    const files = (draft.files as { id: string }[]).map((file) => file.id);
    const found = draft.fields as Found[];
    expect(found.find((field) => field.fileId === files[0] && field.label === 'CustomerName')).toMatchObject({
      value: 'Stale Name',
    });
    const filledWith = (field: Found) =>
      field.label === 'company'
        ? 'Łódź Logistics'
        : field.label === 'vat'
          ? 'PL 526-000-12-46'
          : field.label === 'agree'
            ? 'true'
            : field.label === 'country'
              ? (field.options.choices?.[1] ?? '')
              : field.fileId === files[0] && field.label === 'CustomerName'
                ? 'Дмитрий Соколов'
                : (values[field.label] ?? '');
    const assigned = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${contract.id}/fields`,
      json: {
        fields: found.map(({ id, fileId, page, x, y, width, height, type, label, options }) => ({
          ...{ id, fileId, page, x, y, width, height, type, label, options },
          signer: 1,
          required: true,
        })),
      },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const saved = assigned.json().fields as Found[];
    const frozen = await sentDocument(contract.id);
    // What the first PDF's form held is not in what was sent: its name field went with its text.
    expect(await textOf(frozen, 1)).not.toContain('Stale Name');
    const sentForm = formValues(await PDF.load(frozen));
    expect(Object.keys(sentForm)).toContain('file2.company');
    expect(sentForm['file1.CustomerName']).toBeUndefined();
    expect(sentForm['file1.Insured']).toBe('Off');

    const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
    const signed = await signAs(
      ctx,
      browser,
      { fullName: signer.name },
      { values: Object.fromEntries(saved.map((field) => [field.id, filledWith(field)])) },
    );
    expect(signed.statusCode, signed.body).toBe(204);
    await background.drain();
    const sealed = (
      await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/documents/final` })
    ).rawPayload;
    if (process.env.PDF_SCREENSHOTS)
      await writeFile(join(process.env.PDF_SCREENSHOTS, 'joined-forms-final.pdf'), sealed);

    // Each part's fields under its own name, each filled and locked; no page copied twice.
    const sealedPdf = await PDF.load(sealed);
    const filled = formValues(sealedPdf);
    expect(filled).toMatchObject({
      'file2.company': 'Łódź Logistics',
      'file2.vat': 'PL 526-000-12-46',
      'file3.CustomerName': values.CustomerName,
      'file3.Plan': 'Standard',
      'file3.Region': 'South',
    });
    expect(filled['file1.Plan']).toBe('Standard');
    expect(filled['file3.Insured']).not.toBe('Off');
    const pages = sealedPdf.getPageCount();
    expect(pages).toBeLessThanOrEqual(6);
    expect(await textOf(sealed, 1)).toContain('Дмитрий Соколов');
    expect(await textOf(sealed, 1)).not.toContain('Stale Name');
    expect(await textOf(sealed, 2)).toContain('Łódź Logistics');
    expect(await textOf(sealed, 3)).toContain(values.DeliveryNotes);
    // Poppler reads the joined form whole (its fonts found where they are named), and qpdf too.
    const file = join(await mkdtemp(join(tmpdir(), 'pactum-form-')), 'joined.pdf');
    await writeFile(file, sealed);
    expect((await run('pdffonts', [file])).stderr).toBe('');
    expect((await run('qpdf', ['--check', file])).stdout).toContain('No syntax or stream encoding errors');
    for (const [page, fileId] of [
      [1, files[0]],
      [2, files[1]],
      [3, files[2]],
    ] as const) {
      const own = saved.filter((field) => field.fileId === fileId);
      const { changed, outside } = await changedInFields(frozen, sealed, { before: page, after: page }, own, {
        dpi: 144,
      });
      expect(outside, `page ${page}`).toBe(0);
      for (const field of own.filter((field) => field.type !== 'radio'))
        expect(changed[field.label], `${field.label} on page ${page}`).toBeGreaterThan(0);
      // A box ticked shows a mark inside its border (not a border only, nor a border taken away).
      for (const field of own.filter((field) => field.type === 'checkbox'))
        expect(
          await inkIn(Buffer.from(sealed), page, inner(field), 144),
          `${field.label} on page ${page}`,
        ).toBeGreaterThan(0.05);
    }
  }, 180_000);
});
