import type { Page } from '@playwright/test';
import { docxMediaType } from '../../src/shared/docx-file';
import { docxFixture } from '../fixtures/docx/compact-document';
import { renamedPdf } from '../fixtures/docx/hostile-files';
import { expect, test } from './fixtures';

const screenshots = process.env.DOCX_SCREENSHOTS;

/** Reads a downloaded .docx back through the API: a real Word file gives a document. */
async function readBack(page: Page, file: Buffer) {
  const response = await page.request.fetch('/api/docx/convert', {
    method: 'POST',
    data: file,
    headers: { 'content-type': docxMediaType },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { title: string; content: unknown; notices: string[] };
}

async function downloadFrom(page: Page, trigger: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  return { name: download.suggestedFilename(), file: readFileSync(path) };
}

async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  await page.screenshot({ path: `${screenshots}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${screenshots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a contract imported from the contracts list names what did not come in, is edited and downloaded', async ({
  page,
  account: _account,
}) => {
  await page.goto('/contracts');
  await expect(page.getByRole('heading', { name: 'Contracts' })).toBeVisible();
  await page.getByLabel('Word document to start a contract from').setInputFiles({
    name: 'Reviewed draft.docx',
    mimeType: docxMediaType,
    buffer: docxFixture('unsupported.docx'),
  });
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
  const result = page.getByRole('region', { name: 'Import result' });
  await expect(result).toContainText('Imported from Reviewed draft.docx. Check the document:');
  await expect(result.getByRole('listitem')).toHaveText([
    '2 images, 1 comment and 1 footnote were not imported.',
    '2 tracked changes were accepted.',
    'The text of 1 text box was kept as ordinary paragraphs.',
  ]);
  await expect(page.getByLabel('Contract Title')).toHaveValue('Reviewed draft');
  const body = page.getByRole('textbox', { name: 'Contract content' });
  await expect(body).toContainText('Payment is due within fourteen days.');
  await shoot(page, 'imported-contract');

  await body.getByText('The end.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Signed in Kraków by Łukasz Żółć.');
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok()),
    page.getByRole('button', { name: 'Save Draft' }).click(),
  ]);

  const { name, file } = await downloadFrom(page, () =>
    page.getByRole('link', { name: 'Download .docx' }).click(),
  );
  expect(name).toBe('Reviewed draft.docx');
  const back = await readBack(page, file);
  expect(back.title).toBe('Reviewed draft');
  expect(JSON.stringify(back.content)).toContain('The end. Signed in Kraków by Łukasz Żółć.');

  // The list's row menu offers the same download.
  await page.goto('/contracts');
  await page.getByRole('button', { name: 'Actions for Reviewed draft' }).click();
  const fromList = await downloadFrom(page, () =>
    page.getByRole('menuitem', { name: 'Download .docx' }).click(),
  );
  expect(JSON.stringify((await readBack(page, fromList.file)).content)).toContain('Kraków');
});

test('a template imported from the templates list keeps its legal numbering and downloads from its row', async ({
  page,
  account: _account,
}) => {
  await page.goto('/templates');
  await expect(page.getByText('No templates yet')).toBeVisible();
  await shoot(page, 'templates-list');
  await page.getByLabel('Word document to start a template from').setInputFiles({
    name: 'Umowa.docx',
    mimeType: docxMediaType,
    buffer: docxFixture('legal-numbering.docx'),
  });
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Import result' })).toContainText(
    'Imported from Umowa.docx. Everything in it came in.',
  );
  await expect(page.getByLabel('Template Title')).toHaveValue('Umowa o świadczenie usług');
  const body = page.getByRole('textbox', { name: 'Contract content' });
  await expect(body.locator('ol.legal-numbering')).toHaveCount(4);
  await expect(body).toContainText('Usługi obejmują wsparcie techniczne.');

  await page.goto('/templates');
  const row = await downloadFrom(page, () =>
    page
      .getByRole('listitem')
      .filter({ hasText: 'Umowa o świadczenie usług' })
      .getByRole('link', { name: 'Download .docx' })
      .click(),
  );
  const back = await readBack(page, row.file);
  expect(JSON.stringify(back.content).match(/"numbering":"legal"/g)).toHaveLength(4);
});

test('the editor imports a .docx into a new contract, and says why a file is refused', async ({
  page,
  account: _account,
}) => {
  await page.goto('/contracts/new');
  const picker = page.getByLabel('Word document to import into the editor');
  await picker.setInputFiles({ name: 'scan.docx', mimeType: docxMediaType, buffer: renamedPdf() });
  await expect(page.getByRole('alert')).toContainText(
    '"scan.docx" could not be imported: This is a PDF file, not a Word document. Import a .docx file.',
  );
  await shoot(page, 'editor-refused');
  await picker.setInputFiles({
    name: 'Formatting.docx',
    mimeType: docxMediaType,
    buffer: docxFixture('formatting.docx'),
  });
  const body = page.getByRole('textbox', { name: 'Contract content' });
  await expect(body.getByRole('heading', { name: 'Service Agreement' })).toBeVisible();
  await expect(body.locator('u')).toContainText('underlined');
  await expect(body.locator('table')).toContainText('Merged 王小明');
  await expect(page.getByLabel('Contract Title')).toHaveValue('Formatting sample');
  await expect(page.getByRole('region', { name: 'Import result' })).toContainText(
    '1 link to an address other than http, https or mailto kept its text only.',
  );
  await shoot(page, 'editor-import');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
  const { file } = await downloadFrom(page, () => page.getByRole('link', { name: 'Download .docx' }).click());
  expect(JSON.stringify((await readBack(page, file)).content)).toContain('Merged 王小明');
});
