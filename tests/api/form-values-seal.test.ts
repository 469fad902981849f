import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { draftFromPdf } from '../support/pdf-drafts';
import { changedPixels } from '../support/pdf-ink';
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

/** A choice's box on the page, from its box inside its field's. */
const onPage = (field: Box, box: Box): Box => ({
  x: field.x + box.x * field.width,
  y: field.y + box.y * field.height,
  width: box.width * field.width,
  height: box.height * field.height,
});

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

    const sent = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${contract.id}/send`,
      json: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await background.drain();
    const frozen = (
      await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/documents/frozen` })
    ).rawPayload;

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

    // Every text value is in the sealed page's text, the long one in the small box too.
    const text = await textOf(sealed, 1);
    for (const label of ['CustomerName', 'DeliveryNotes', 'Reference', 'Region', 'Courier'])
      expect(text).toContain(values[label]);

    // The page as sent against the page sealed: each value changed pixels inside its own widget's
    // box, none anywhere else; the radio group's mark is at the second button, not the first or third.
    const boxes = saved.flatMap((field) =>
      field.type === 'radio'
        ? (field.options.choiceBoxes ?? []).map((box, index) => ({
            name: `${field.label}:${field.options.choices?.[index]}`,
            box: onPage(field, box),
          }))
        : [{ name: field.label, box: field as Box }],
    );
    const { inside, outside } = await changedPixels(
      frozen,
      sealed,
      { before: 1, after: 1 },
      boxes.map(({ box }) => box),
      { dpi: 144 },
    );
    const changed = Object.fromEntries(boxes.map(({ name }, index) => [name, inside[index] ?? 0]));
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
});
