import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { expect, test } from './fixtures';

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
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
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
  // A pattern format without its pattern: the server refuses, and the page says so.
  await expect(page.getByRole('alert')).toContainText(
    'Not saved: Field 1: a pattern format needs its pattern.',
  );
  await page.getByLabel('Pattern', { exact: true }).fill('[A-Z]{2}[0-9]{6}');
  await saved(page);
  expect((await storedFields(page, contractId))[0]?.options).toEqual({
    format: 'pattern',
    pattern: '[A-Z]{2}[0-9]{6}',
  });
});
