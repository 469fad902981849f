import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signaturePng } from '../../src/server/pdf/sample-signature';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { sealCms } from '../support/seal-cms';
import { expect, jobTimeout, sendTimeout, test, uploadTimeout } from './fixtures';
import { openField, signOnPage, walkBar, walkProgress } from './mail-people';
import { accessLinkFor } from './server-log';

const screenshots = process.env.PDF_SCREENSHOTS;

type StoredField = {
  id: string;
  type: string;
  signer: number | null;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  label: string;
  required: boolean;
  value: string | null;
  options: { choices?: string[] };
};

const pdf = (name: string, fixture: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: pdfFixture(fixture),
});

async function storedFields(page: Page, contractId: string): Promise<StoredField[]> {
  return (await (await page.request.get(`/api/contracts/${contractId}`)).json()).fields;
}

/** A draft from a PDF, with its signers saved, open in the editor; answers its id. */
async function draftWithSigners(page: Page, fixture: string, signers: { name: string; email: string }[]) {
  await page.goto('/contracts');
  await page.getByLabel('PDFs to start a contract from').setInputFiles(pdf('Lease agreement.pdf', fixture));
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, uploadTimeout);
  for (const signer of signers) {
    await page.getByLabel('Name', { exact: true }).fill(signer.name);
    await page.getByLabel('Email', { exact: true }).fill(signer.email);
    await page.getByRole('button', { name: 'Add Signer' }).click();
  }
  const stored = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && /\/api\/contracts\/[0-9a-f-]{36}$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Save Draft' }).click();
  expect((await stored).status()).toBe(200);
  return page.url().split('/').at(-1) ?? '';
}

const saved = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

test('the sender places, moves, resizes, copies and deletes fields on the pages, for each signer', async ({
  page,
  account: _account,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now();
  const contractId = await draftWithSigners(page, 'libreoffice-agreement.pdf', [
    { name: 'Zofia Wiśniewska', email: `zofia-${suffix}@example.com` },
    { name: 'فاطمة الزهراء', email: `fatima-${suffix}@example.com` },
  ]);
  await page.getByRole('link', { name: 'Place fields on Lease agreement.pdf' }).click();
  await expect(page.getByRole('heading', { name: 'Place fields', exact: true })).toBeVisible();
  const firstPage = page.getByRole('img', { name: 'Page 1 of 29' });
  await expect(firstPage).toBeVisible();

  // Dragged from the palette, a signature lands where it is dropped, for the first signer.
  const pageBox = await firstPage.boundingBox();
  if (!pageBox) throw new Error('The first page has no box');
  await page
    .getByRole('button', { name: 'Place a signature field' })
    .dragTo(page.locator('[data-field-layer$=":0"]'), {
      targetPosition: { x: pageBox.width * 0.3, y: pageBox.height * 0.8 },
    });
  const signature = page.getByRole('button', { name: 'Signature, for Zofia Wiśniewska' });
  await expect(signature).toBeFocused();
  await saved(page);
  let [placed] = await storedFields(page, contractId);
  expect(placed).toMatchObject({ type: 'signature', signer: 1, page: 0, required: true });
  expect((placed?.x ?? 0) + (placed?.width ?? 0) / 2).toBeCloseTo(0.3, 1);
  expect((placed?.y ?? 0) + (placed?.height ?? 0) / 2).toBeCloseTo(0.8, 1);

  // Dragged by the pointer, it moves; its corner resizes it.
  const before = await signature.boundingBox();
  if (!before) throw new Error('The signature has no box');
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width / 2 + pageBox.width * 0.2, before.y + before.height / 2, {
    steps: 5,
  });
  await page.mouse.up();
  await page.mouse.move(before.x + before.width + pageBox.width * 0.2 + 4, before.y + before.height + 4);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width + pageBox.width * 0.3, before.y + before.height + 20, {
    steps: 5,
  });
  await page.mouse.up();
  await saved(page);
  [placed] = await storedFields(page, contractId);
  expect(placed?.x).toBeCloseTo(0.3 - 170 / 612 / 2 + 0.2, 1);
  expect(placed?.width).toBeGreaterThan(170 / 612 + 0.05);

  // For the second signer, from the keyboard: placed on the page in view, nudged, resized, copied, deleted.
  await page.getByRole('button', { name: /^فاطمة الزهراء/ }).click();
  await page.getByRole('button', { name: 'Place a full name field' }).click();
  const name = page.getByRole('button', { name: 'Full name, for فاطمة الزهراء' });
  await expect(name).toBeFocused();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Alt+ArrowRight');
  await page.keyboard.press('Control+d');
  await expect(page.getByRole('button', { name: 'Full name, for فاطمة الزهراء' })).toHaveCount(2);
  await page.keyboard.press('Delete');
  await expect(name).toHaveCount(1);

  // Its settings: a dropdown with choices and the sender's prefill, optional.
  await page.getByRole('button', { name: 'Place a dropdown field' }).click();
  await page.getByLabel('Label', { exact: true }).fill('Term');
  await page.getByLabel('Choices', { exact: true }).fill('12 months\n24 months\n36 months');
  await page.getByLabel('Your prefill', { exact: true }).selectOption('24 months');
  await page.getByLabel('Required', { exact: true }).uncheck();
  // Initials for the first signer, on all 29 pages at once.
  await page.getByRole('button', { name: /^Zofia Wiśniewska \d+ fields$/ }).click();
  await page.getByRole('button', { name: 'Initials on every page' }).click();
  await expect(page.getByText('Initials for Zofia Wiśniewska added on 29 pages.')).toBeVisible();
  await saved(page);

  const fields = await storedFields(page, contractId);
  expect(fields).toHaveLength(32);
  const byType = (type: string) => fields.filter((field) => field.type === type);
  expect(byType('initials').map((field) => field.page)).toEqual(
    Array.from({ length: 29 }, (_, page) => page),
  );
  expect(byType('initials').every((field) => field.signer === 1 && field.x > 0.8 && field.y > 0.85)).toBe(
    true,
  );
  const [fullName] = byType('name');
  expect(fullName).toMatchObject({ signer: 2, page: 0 });
  // Shift+arrow moved it 2 % right and down from the middle; Alt+arrow widened it a little.
  expect((fullName?.x ?? 0) + 170 / 612 / 2).toBeCloseTo(0.52, 2);
  expect(fullName?.width).toBeCloseTo(170 / 612 + 0.002, 3);
  expect(byType('dropdown')[0]).toMatchObject({
    signer: 2,
    label: 'Term',
    required: false,
    value: '24 months',
    options: { choices: ['12 months', '24 months', '36 months'] },
  });

  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
  ).toEqual([]);
  if (screenshots) {
    await page.screenshot({ path: `${screenshots}/field-editor-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${screenshots}/field-editor-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Done goes back to the draft, which counts them.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(new RegExp(`/contracts/${contractId}$`));
  await expect(page.getByText('32 fields placed on it')).toBeVisible();
});

test("a PDF's own form fields are given their signers in the field editor", async ({
  page,
  account: _account,
}) => {
  const suffix = Date.now();
  const contractId = await draftWithSigners(page, 'pdftex-form.pdf', [
    { name: 'Γιώργος Παπαδόπουλος', email: `giorgos-${suffix}@example.com` },
  ]);
  await page.getByRole('link', { name: 'Place fields on Lease agreement.pdf' }).click();
  await expect(page.getByText('4 without a signer')).toBeVisible();
  for (let left = 4; left > 0; left--) {
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('button', { name: /for no signer yet/, pressed: true })).toBeFocused();
    await page.getByLabel('Signer', { exact: true }).selectOption({ label: '1. Γιώργος Παπαδόπουλος' });
  }
  await expect(page.getByText('without a signer')).toHaveCount(0);
  await saved(page);
  const fields = await storedFields(page, contractId);
  expect(fields).toHaveLength(4);
  expect(fields.every((field) => field.signer === 1)).toBe(true);
});

test("'Initials on every page' keeps clear of the fields placed, and names the pages it found no room on", async ({
  page,
  account: _account,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now();
  const contractId = await draftWithSigners(page, 'mixed-sizes-rotated.pdf', [
    { name: 'Ingrid Østergaard', email: `ingrid-${suffix}@example.com` },
  ]);
  const contract = await (await page.request.get(`/api/contracts/${contractId}`)).json();
  const fileId = contract.files[0].id as string;
  const box = (page: number, x: number, y: number) => ({
    fileId,
    page,
    x,
    y,
    width: 0.25,
    height: 0.08,
    type: 'text',
    signer: 1,
    label: `Box ${page + 1} at ${x},${y}`,
  });
  // Page 1: a field where initials usually go (bottom right). Page 2: nothing. Page 3: a field in
  // every corner.
  const placed = await page.request.put(`/api/contracts/${contractId}/fields`, {
    data: {
      fields: [
        box(0, 0.72, 0.9),
        box(2, 0.72, 0.9),
        box(2, 0.03, 0.9),
        box(2, 0.72, 0.02),
        box(2, 0.03, 0.02),
      ],
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  await page.reload();
  await page.getByRole('link', { name: 'Place fields on Lease agreement.pdf' }).click();
  await expect(page.getByRole('img', { name: 'Page 1 of 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Initials on every page' }).click();
  await expect(page.getByText('Initials for Ingrid Østergaard added on 2 pages.')).toBeVisible();
  await expect(
    page.getByText(
      "No corner is free of fields on page 3 of Lease agreement.pdf: place Ingrid Østergaard's initials there by hand.",
    ),
  ).toBeVisible();
  await saved(page);
  const initials = (await storedFields(page, contractId)).filter((field) => field.type === 'initials');
  expect(initials.map((field) => field.page).sort()).toEqual([0, 1]);
  const onPage = (number: number) => initials.find((field) => field.page === number);
  // Page 1's usual corner is taken: the nearest free one on a portrait page is the bottom left.
  expect(onPage(0)).toMatchObject({ signer: 1 });
  expect(onPage(0)?.x).toBeLessThan(0.2);
  expect(onPage(0)?.y).toBeGreaterThan(0.8);
  // Page 2 is free: the bottom right.
  expect(onPage(1)?.x).toBeGreaterThan(0.75);
  expect(onPage(1)?.y).toBeGreaterThan(0.75);
  // Pressed again, it adds nothing and still names the crowded page.
  await page.getByRole('button', { name: 'Initials on every page' }).click();
  await expect(page.getByText('Initials for Ingrid Østergaard added on')).toHaveCount(0);
  await expect(page.getByText(/No corner is free of fields on page 3/)).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  if (screenshots)
    await page.screenshot({ path: `${screenshots}/initials-corners-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(/No corner is free of fields on page 3/)).toBeVisible();
  const phone = await new AxeBuilder({ page }).analyze();
  expect(phone.violations.map((violation) => violation.id)).toEqual([]);
  if (screenshots) await page.screenshot({ path: `${screenshots}/initials-corners-390.png`, fullPage: true });
});

test('a refused save keeps the fields on the page and says why; the next change saves them', async ({
  page,
  account: _account,
}) => {
  const suffix = Date.now();
  const contractId = await draftWithSigners(page, 'libreoffice-agreement.pdf', [
    { name: 'Иван Петров', email: `ivan-${suffix}@example.com` },
  ]);
  await page.goto(`/contracts/${contractId}/fields`);
  await page.getByRole('button', { name: 'Place a text field' }).click();
  await page.getByLabel('Must hold', { exact: true }).selectOption('pattern');
  // Not a regular expression: the server refuses, the page says so, and nothing is lost.
  await page.getByLabel('Pattern', { exact: true }).fill('[A-Z');
  await expect(page.getByRole('alert')).toContainText(
    'Not saved: Field 1: its pattern is not a regular expression (RE2 syntax: no look-arounds or back-references).',
  );
  // Done tries once more and is refused again; the correction is typed while that save is on
  // its way (held here until it is typed): it is saved next, not left behind the refusal.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = true;
  await page.route(`**/api/contracts/${contractId}/fields`, async (route) => {
    if (route.request().method() === 'PUT' && holding) {
      holding = false;
      await held;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saving' })).toBeVisible();
  await page.getByLabel('Pattern', { exact: true }).fill('[A-Z]{2}[0-9]{6}');
  release();
  await expect(page.getByRole('heading', { name: 'Place fields', exact: true })).toBeVisible();
  await saved(page);
  expect((await storedFields(page, contractId))[0]?.options).toEqual({
    format: 'pattern',
    pattern: '[A-Z]{2}[0-9]{6}',
  });
});

/** Dark pixels of a page rendered grey by pdftoppm, inside a box given in fractions of the page. */
function inkInside(pdf: Buffer, page: number, box: { x: number; y: number; width: number; height: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'pactum-e2e-ink-'));
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  execFileSync('pdftoppm', [
    '-f',
    String(page),
    '-l',
    String(page),
    '-r',
    '72',
    '-gray',
    join(dir, 'doc.pdf'),
    join(dir, 'p'),
  ]);
  const file = readdirSync(dir).find((name) => name.endsWith('.pgm')) ?? '';
  const bytes = readFileSync(join(dir, file));
  // P5 <width> <height> 255 then one byte per pixel.
  const [, width = 0, height = 0, headerEnd = 0] = (() => {
    const match = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'));
    return [0, Number(match?.[1]), Number(match?.[2]), match?.[0].length ?? 0];
  })();
  let dark = 0;
  for (let y = Math.floor(box.y * height); y < Math.ceil((box.y + box.height) * height); y++) {
    for (let x = Math.floor(box.x * width); x < Math.ceil((box.x + box.width) * width); x++) {
      if ((bytes[headerEnd + y * width + x] ?? 255) < 128) dark++;
    }
  }
  return dark;
}

test('every field type placed for two signers on two PDFs is filled at phone width and sealed where it stands', async ({
  page,
  browser,
  account: _account,
}) => {
  test.setTimeout(420_000);
  const suffix = Date.now();
  const people = [
    { name: 'Zofia Wiśniewska', email: `zofia-all-${suffix}@example.com` },
    { name: 'فاطمة الزهراء', email: `fatima-all-${suffix}@example.com` },
  ];
  // LibreOffice's 29-page export and Ghostscript's PDF/A (whose text tags bring six fields).
  await page.goto('/contracts');
  await page
    .getByLabel('PDFs to start a contract from')
    .setInputFiles([
      pdf('Services agreement.pdf', 'libreoffice-agreement.pdf'),
      pdf('Schedule 1.pdf', 'ghostscript-pdfa.pdf'),
    ]);
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, uploadTimeout);
  const contractId = page.url().split('/').at(-1) ?? '';
  await expect.poll(async () => (await storedFields(page, contractId)).length, jobTimeout).toBe(6);
  await page.reload();
  for (const person of people) {
    await page.getByLabel('Name', { exact: true }).fill(person.name);
    // An Arabic name reads from the right as it is typed (dir="auto").
    expect(
      await page.getByLabel('Name', { exact: true }).evaluate((input) => input.matches(':dir(rtl)')),
    ).toBe(person.name === 'فاطمة الزهراء');
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Add Signer' }).click();
  }
  const stored = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && /\/api\/contracts\/[0-9a-f-]{36}$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Save Draft' }).click();
  expect((await stored).status()).toBe(200);

  await page.getByRole('link', { name: 'Place fields on Services agreement.pdf' }).click();
  await expect(page.getByRole('img', { name: 'Page 1 of 29' })).toBeVisible();
  /** Places a field from the palette on page 1 and moves it by steps of 2 % of the page. */
  const place = async (
    type: string,
    steps: { down: number; right?: number },
    settings: { label?: string; choices?: string; required?: boolean } = {},
  ) => {
    await page.getByRole('button', { name: `Place a ${type} field` }).click();
    for (let step = 0; step < Math.abs(steps.down); step++)
      await page.keyboard.press(steps.down > 0 ? 'Shift+ArrowDown' : 'Shift+ArrowUp');
    for (let step = 0; step < (steps.right ?? 0); step++) await page.keyboard.press('Shift+ArrowRight');
    if (settings.label) await page.getByLabel('Label', { exact: true }).fill(settings.label);
    if (settings.choices) await page.getByLabel('Choices', { exact: true }).fill(settings.choices);
    if (settings.required) await page.getByLabel('Required', { exact: true }).check();
  };
  // The first signer: everything about them, and a few things to fill in.
  await place('company', { down: -20 });
  await place('title', { down: -16 });
  await place('text', { down: -12 }, { label: 'Reference' });
  await place('date', { down: -8 }, { label: 'Start date' });
  await place('checkbox', { down: -4 }, { label: 'I accept Schedule 1', required: true });
  await place('full name', { down: 4 });
  await place('e-mail', { down: 8 });
  await place('date signed', { down: 12 });
  await place('signature', { down: 17 });
  await page.getByRole('button', { name: 'Initials on every page' }).click();
  await expect(page.getByText('Initials for Zofia Wiśniewska added on 31 pages.')).toBeVisible();
  // The second signer: choices, a stamp and a signature, to the right.
  await page.getByRole('button', { name: /^فاطمة الزهراء/ }).click();
  await place('radio group', { down: -20, right: 12 }, { label: 'Billing', choices: 'Monthly\nYearly' });
  await place('dropdown', { down: -12, right: 12 }, { label: 'Term', choices: '12 months\n24 months' });
  await place('image', { down: 0, right: 12 }, { label: 'Company seal' });
  await place('signature', { down: 17, right: 12 });
  await saved(page);
  const placed = await storedFields(page, contractId);
  expect(new Set(placed.map((field) => field.type))).toEqual(
    new Set([
      'signature',
      'initials',
      'name',
      'email',
      'company',
      'title',
      'dateSigned',
      'text',
      'date',
      'checkbox',
      'radio',
      'dropdown',
      'image',
    ]),
  );
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Send for Signing' }).click();
  await expect(page.getByRole('link', { name: /Document as sent/ })).toBeVisible(sendTimeout);

  for (const [index, person] of people.entries()) {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const signing = await phone.newPage();
    await signing.goto(new URL(await accessLinkFor(person.email, 'sign'), page.url()).href);
    await expect(
      signing.getByRole('region', { name: 'Document' }).getByRole('img', { name: 'Page 1 of 31' }),
    ).toBeAttached();
    if (index === 0) {
      const start = await walkProgress(signing);
      const bar = walkBar(signing);
      await bar.getByRole('button', { name: 'Start' }).click();
      await expect(bar.getByLabel('Company (required)')).toBeFocused();
      await signing.keyboard.type('Łódź Widgets Sp. z o.o.');
      await bar.getByRole('button', { name: 'Next' }).click();
      await expect(bar.getByLabel('Title (required)')).toBeFocused();
      await signing.keyboard.type('Prezes Zarządu');
      await bar.getByRole('button', { name: 'Next' }).click();
      await expect(bar.getByLabel('Reference (required)')).toBeFocused();
      await signing.keyboard.type('PO-2027-0042');
      await (await openField(signing, 'Start date')).fill('2027-01-15');
      await (await openField(signing, 'I accept Schedule 1')).check();
      await expect.poll(() => walkProgress(signing)).toEqual({ done: start.done + 5, total: start.total });
    } else {
      // The first signer's values show, inert.
      await expect(signing.getByText('Łódź Widgets Sp. z o.o.')).toBeVisible();
      const start = await walkProgress(signing);
      await openField(signing, 'Billing');
      await walkBar(signing).getByRole('radio', { name: 'Yearly' }).check();
      await (await openField(signing, 'Term')).selectOption('24 months');
      await (await openField(signing, 'Company seal')).setInputFiles({
        name: 'seal.png',
        mimeType: 'image/png',
        buffer: signaturePng(200, 200),
      });
      await expect.poll(() => walkProgress(signing)).toEqual({ done: start.done + 3, total: start.total });
      // Prefilled with the Arabic name, the Full name field reads from the right.
      await expect(signing.getByLabel('Full name')).toHaveValue(person.name);
      expect(await signing.getByLabel('Full name').evaluate((input) => input.matches(':dir(rtl)'))).toBe(
        true,
      );
    }
    const results = await new AxeBuilder({ page: signing }).include('[aria-label="Document"]').analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    if (screenshots)
      await signing.screenshot({ path: `${screenshots}/all-fields-signer-${index + 1}-390.png` });
    await signOnPage(signing, person.name);
    await phone.close();
  }

  let final: Buffer = Buffer.alloc(0);
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/contracts/${contractId}/documents/final`);
      if (response.status() === 200) final = await response.body();
      return final.length;
    }, jobTimeout)
    .toBeGreaterThan(0);
  const frozen = await (await page.request.get(`/api/contracts/${contractId}/documents/frozen`)).body();
  const dir = mkdtempSync(join(tmpdir(), 'pactum-e2e-all-fields-'));
  writeFileSync(join(dir, 'final.pdf'), final);
  const report = (command: string, args: string[]) => {
    try {
      return execFileSync(command, args).toString();
    } catch (error) {
      const failed = error as { stdout?: Buffer; stderr?: Buffer };
      return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
  };
  expect(report('pdfsig', [join(dir, 'final.pdf')])).toContain('Signature is Valid');
  expect(report('qpdf', ['--check', join(dir, 'final.pdf')])).toContain(
    'No syntax or stream encoding errors',
  );
  writeFileSync(join(dir, 'seal.der'), sealCms(final));
  expect(
    report('openssl', ['cms', '-cmsout', '-inform', 'DER', '-in', join(dir, 'seal.der'), '-print']),
  ).toContain('id-smime-aa-signingCertificateV2');
  // Every value is on page 1, where it was placed.
  const pageOne = report('pdftotext', ['-f', '1', '-l', '1', join(dir, 'final.pdf'), '-']);
  for (const value of [
    'Łódź Widgets Sp. z o.o.',
    'Prezes Zarządu',
    'PO-2027-0042',
    '2027-01-15',
    'Zofia Wiśniewska',
    people[0]?.email ?? '',
    'Yearly',
    '24 months',
    new Date().toISOString().slice(0, 10),
  ]) {
    // Laid over the page's own text, a value's words may be read between the page's words.
    for (const word of value.split(' ')) expect(pageOne).toContain(word);
  }
  // Each signature is drawn inside its box: ink there that the page as sent did not have.
  for (const signature of placed.filter((field) => field.type === 'signature' && field.page === 0)) {
    expect(inkInside(final, 1, signature)).toBeGreaterThan(inkInside(frozen, 1, signature) + 50);
  }
  if (screenshots)
    execFileSync('pdftoppm', [
      '-f',
      '1',
      '-l',
      '1',
      '-r',
      '60',
      '-png',
      join(dir, 'final.pdf'),
      `${screenshots}/all-fields-sealed`,
    ]);
});

test('a template made from a PDF keeps its fields by role, and a contract made from it carries them to its signers', async ({
  page,
  account: _account,
}) => {
  test.setTimeout(180_000);
  await page.goto('/templates');
  await page
    .getByLabel('PDFs to start a template from')
    .setInputFiles(pdf('Residential lease.pdf', 'libreoffice-agreement.pdf'));
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/, uploadTimeout);
  const templateId = page.url().split('/').at(-1) ?? '';
  for (const role of ['Landlord', 'Najemca']) {
    await page.getByLabel('Role', { exact: true }).fill(role);
    await page.getByRole('button', { name: 'Add Role' }).click();
  }
  const stored = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().endsWith(templateId),
  );
  await page.getByRole('button', { name: 'Save Template' }).click();
  expect((await stored).status()).toBe(200);

  await page.getByRole('link', { name: 'Place fields on Residential lease.pdf' }).click();
  await expect(page).toHaveURL(new RegExp(`/templates/${templateId}/fields\\?file=`));
  await expect(page.getByRole('img', { name: 'Page 1 of 29' })).toBeVisible();
  await page.getByRole('button', { name: 'Place a signature field' }).click();
  await expect(page.getByRole('button', { name: 'Signature, for Landlord' })).toBeFocused();
  await page.getByRole('button', { name: /^Najemca/ }).click();
  await page.getByRole('button', { name: 'Place a signature field' }).click();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByRole('button', { name: 'Signature, for Najemca' })).toBeFocused();
  await saved(page);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(new RegExp(`/templates/${templateId}$`));
  await expect(page.getByText('2 fields placed on it')).toBeVisible();

  await page.goto('/templates');
  await page
    .getByRole('list', { name: 'Templates' })
    .getByRole('listitem')
    .filter({ hasText: 'Residential lease' })
    .getByRole('button', { name: 'Use template' })
    .click();
  await page.getByRole('button', { name: 'Create contract' }).click();
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, uploadTimeout);
  const contractId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByText('2 fields placed on it')).toBeVisible();
  const fields = await storedFields(page, contractId);
  expect(fields.map((field) => [field.type, field.signer]).sort()).toEqual([
    ['signature', 1],
    ['signature', 2],
  ]);
  // Its own field editor opens on the contract's copy of the PDF.
  await page.getByRole('link', { name: 'Place fields on Residential lease.pdf' }).click();
  await expect(page.getByRole('img', { name: 'Page 1 of 29' })).toBeVisible();
  // The contract holds the template's roles, waiting for their people: each field is its role's.
  await expect(page.getByRole('button', { name: /^Signature, for Landlord/ })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Signature, for Najemca/ })).toHaveCount(1);
});
