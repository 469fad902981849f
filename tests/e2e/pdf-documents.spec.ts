import type { Page } from '@playwright/test';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { expect, test } from './fixtures';

const screenshots = process.env.PDF_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  await page.screenshot({ path: `${screenshots}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${screenshots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const pdf = (name: string, fixture = name) => ({
  name,
  mimeType: 'application/pdf',
  buffer: pdfFixture(fixture),
});

const documentNames = (page: Page) =>
  page.getByRole('list').filter({ hasText: 'Drafted text' }).getByRole('listitem');

test('PDFs uploaded from the contracts list become a draft, then are reordered, replaced and removed', async ({
  page,
  account: _account,
}) => {
  await page.goto('/contracts');
  await page
    .getByLabel('PDFs to start a contract from')
    .setInputFiles([
      pdf('Master Services Agreement.pdf', 'libreoffice-agreement.pdf'),
      pdf('Annex 1 – Прайс-лист.pdf', 'img2pdf-scan.pdf'),
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Call Anna about the annex.') },
    ]);
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Contract Title')).toHaveValue('Master Services Agreement');
  // The text file was refused before any upload, and said so.
  await expect(page.getByRole('alert')).toContainText('"notes.txt" is not a PDF. Choose a .pdf file.');
  const items = documentNames(page);
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Master Services Agreement.pdf');
  await expect(items.nth(0)).toContainText('29 pages');
  await expect(items.nth(1)).toContainText('Annex 1 – Прайс-лист.pdf');
  await expect(items.nth(2)).toContainText('Drafted text');
  await shoot(page, 'documents-uploaded');

  // The text goes first, and stays first after a reload.
  await page.getByRole('button', { name: 'Move Drafted text up' }).click();
  await page.getByRole('button', { name: 'Move Drafted text up' }).click();
  await expect(items.nth(0)).toContainText('Drafted text');
  await page.reload();
  await expect(items.nth(0)).toContainText('Drafted text');

  // A save of the text after those changes is made on their revision: no conflict.
  const body = page.getByRole('textbox', { name: 'Contract content' });
  await body.click();
  await page.keyboard.type('The parties sign the agreement and its annex below.');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && /\/api\/contracts\/[0-9a-f-]{36}$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Save Draft' }).click();
  expect((await saved).status()).toBe(200);

  // Replaced in its place, then removed after confirming.
  await page.getByRole('button', { name: 'Replace Annex 1 – Прайс-лист.pdf' }).click();
  await page
    .getByLabel('PDF to put in its place')
    .setInputFiles(pdf('Annex 1 (signed copy).pdf', 'pdftex-form.pdf'));
  await expect(items.nth(2)).toContainText('Annex 1 (signed copy).pdf');
  await expect(items.nth(2)).toContainText('4 form fields');
  await page.getByRole('button', { name: 'Remove Annex 1 (signed copy).pdf' }).click();
  await page.getByRole('button', { name: 'Remove PDF' }).click();
  await expect(items).toHaveCount(2);

  // A password-protected file is refused with its reason; nothing is added.
  await page
    .getByLabel('PDFs to add to the contract')
    .setInputFiles(pdf('locked.pdf', 'password-to-open.pdf'));
  await expect(page.getByRole('alert')).toContainText(
    '"locked.pdf" could not be uploaded: This PDF needs a password to open.',
  );
  await expect(items).toHaveCount(2);
  await shoot(page, 'documents-edited');

  const history = await page.request.get(`${page.url().replace('/contracts/', '/api/contracts/')}/history`);
  const actions = (await history.json()).items.map((entry: { action: string }) => entry.action);
  expect(actions.filter((action: string) => action === 'file_added')).toHaveLength(3);
  expect(actions.filter((action: string) => action === 'file_removed')).toHaveLength(2);
});
