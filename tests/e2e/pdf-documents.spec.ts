import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { expect, jobTimeout, sendTimeout, test, uploadTimeout } from './fixtures';
import { openField, signOnPage, walkBar, walkProgress } from './mail-people';
import { accessLinkFor } from './server-log';

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
  page.getByRole('list', { name: 'Documents in signing order' }).getByRole('listitem');

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
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, uploadTimeout);
  await expect(page.getByLabel('Contract Title')).toHaveValue('Master Services Agreement');
  // The text file was refused before any upload, and said so.
  await expect(page.getByRole('alert')).toContainText('"notes.txt" is not a PDF. Choose a .pdf file.');
  const items = documentNames(page);
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Master Services Agreement.pdf');
  await expect(items.nth(0)).toContainText('29 pages');
  await expect(items.nth(1)).toContainText('Annex 1 – Прайс-лист.pdf');
  // Made of PDFs alone: no drafted text, and no empty editor, until the sender adds it.
  const body = page.getByRole('textbox', { name: 'Contract content' });
  await expect(body).toBeHidden();
  await shoot(page, 'documents-uploaded');
  await page.getByRole('button', { name: 'Add drafted text' }).click();
  await expect(items).toHaveCount(3);
  await expect(items.nth(2)).toContainText('Drafted text');
  await expect(body).toBeFocused();
  await expect(page.getByRole('button', { name: 'Add drafted text' })).toHaveCount(0);

  // The text goes first; a save of it after that change is made on its revision (no conflict),
  // and with its content it stays, first, after a reload.
  await page.getByRole('button', { name: 'Move Drafted text up' }).click();
  await page.getByRole('button', { name: 'Move Drafted text up' }).click();
  await expect(items.nth(0)).toContainText('Drafted text');
  await body.click();
  await page.keyboard.type('The parties sign the agreement and its annex below.');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && /\/api\/contracts\/[0-9a-f-]{36}$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Save Draft' }).click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(items.nth(0)).toContainText('Drafted text');
  await expect(body).toContainText('The parties sign the agreement and its annex below.');

  // Replaced in its place, then removed after confirming.
  await page.getByRole('button', { name: 'Replace Annex 1 – Прайс-лист.pdf' }).click();
  await page
    .getByLabel('PDF to put in its place')
    .setInputFiles(pdf('Annex 1 (signed copy).pdf', 'pdftex-form.pdf'));
  await expect(items.nth(2)).toContainText('Annex 1 (signed copy).pdf', uploadTimeout);
  await expect(items.nth(2)).toContainText('4 form fields');
  // Its own form's fields were placed where its widgets are, without signers yet: removed here
  // (the field editor's test assigns them).
  await expect(items.nth(2)).toContainText('4 fields placed on it');
  await items.nth(2).getByRole('button', { name: 'Remove its fields' }).click();
  await expect(items.nth(2)).not.toContainText('placed on it');
  await page.getByRole('button', { name: 'Remove Annex 1 (signed copy).pdf' }).click();
  await page.getByRole('button', { name: 'Remove PDF' }).click();
  await expect(items).toHaveCount(2);

  // A password-protected file is refused with its reason; nothing is added.
  await page
    .getByLabel('PDFs to add to the contract')
    .setInputFiles(pdf('locked.pdf', 'password-to-open.pdf'));
  await expect(page.getByRole('alert')).toContainText(
    '"locked.pdf" could not be uploaded: This PDF needs a password to open.',
    uploadTimeout,
  );
  await expect(items).toHaveCount(2);
  await shoot(page, 'documents-edited');

  // The drafted text removed after confirming: the contract is its PDF again, its editor hidden,
  // and so it stays after a reload; the text is still in its versions.
  await page.getByRole('button', { name: 'Remove drafted text' }).click();
  await expect(page.getByRole('dialog')).toContainText('The text stays in its versions');
  await shoot(page, 'documents-remove-text');
  const cleared = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && /\/api\/contracts\/[0-9a-f-]{36}$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Remove text' }).click();
  expect((await cleared).status()).toBe(200);
  await expect(items).toHaveCount(1);
  await expect(body).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add drafted text' })).toBeVisible();
  await page.reload();
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText('Master Services Agreement.pdf');
  await expect(body).toBeHidden();
  const api = page.url().replace('/contracts/', '/api/contracts/');
  const versions = (await (await page.request.get(`${api}/versions`)).json()).items as { number: number }[];
  const texts = await Promise.all(
    versions.map(async ({ number }) =>
      JSON.stringify(await (await page.request.get(`${api}/versions/${number}`)).json()),
    ),
  );
  expect(texts.some((text) => text.includes('The parties sign the agreement and its annex below.'))).toBe(
    true,
  );
  // The newest version is the text removed.
  const newest = versions.findIndex(
    ({ number }) => number === Math.max(...versions.map((each) => each.number)),
  );
  expect(texts[newest]).not.toContain('The parties sign');

  const history = await page.request.get(`${page.url().replace('/contracts/', '/api/contracts/')}/history`);
  const actions = (await history.json()).items.map((entry: { action: string }) => entry.action);
  expect(actions.filter((action: string) => action === 'file_added')).toHaveLength(3);
  expect(actions.filter((action: string) => action === 'file_removed')).toHaveLength(2);
});

test('a signer reads the uploaded PDFs page by page, at phone width', async ({
  page,
  browser,
  account: _account,
}) => {
  test.setTimeout(180_000);
  await page.goto('/contracts');
  await page.getByLabel('PDFs to start a contract from').setInputFiles([
    // No text tags: their fields would wait to be removed before sending.
    pdf('Договор поставки.pdf', 'libreoffice-agreement.pdf'),
    pdf('Annex – scan.pdf', 'img2pdf-scan.pdf'),
  ]);
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, uploadTimeout);
  await expect(documentNames(page)).toHaveCount(2);
  const signerEmail = `zhang-${Date.now()}@example.com`;
  await page.getByLabel('Name', { exact: true }).fill('王小明');
  await page.getByLabel('Email', { exact: true }).fill(signerEmail);
  await page.getByRole('button', { name: 'Add Signer' }).click();
  await page.getByRole('button', { name: 'Send for Signing' }).click();
  await expect(page.getByRole('link', { name: /Document as sent/ })).toBeVisible(sendTimeout);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const signer = await phone.newPage();
  await signer.goto(new URL(await accessLinkFor(signerEmail, 'sign'), page.url()).href);
  await expect(
    signer.getByText('This document holds Договор поставки.pdf (29 pages), Annex – scan.pdf (1 page).'),
  ).toBeVisible();
  const document = signer.getByRole('region', { name: 'Document' });
  await expect(document.getByRole('img', { name: 'Page 1 of 30' })).toBeVisible();
  // The first page is drawn: its canvas holds ink, not a blank sheet.
  const inked = await document
    .getByRole('img', { name: 'Page 1 of 30' })
    .locator('canvas')
    .evaluate(async (canvas: HTMLCanvasElement) => {
      for (let tries = 0; tries < 100; tries++) {
        const context = canvas.getContext('2d');
        const pixels =
          context?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
        let dark = 0;
        for (let index = 0; index < pixels.length; index += 4) if ((pixels[index] ?? 255) < 128) dark++;
        if (dark > 1000) return dark;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return 0;
    });
  expect(inked).toBeGreaterThan(1000);
  // Its text is there for screen readers (and to select), over the drawing.
  await expect(document.getByText('Master Services Agreement', { exact: true })).toBeAttached();
  if (screenshots) await signer.screenshot({ path: `${screenshots}/signing-pdf-390.png`, fullPage: true });
  // At phone width the pages open at a zoom where their text reads, wider than the phone: the
  // region pans sideways, and the page scrolls it up and down.
  await expect(signer.getByText('200%')).toBeVisible();
  await expect.poll(() => document.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true);
  expect(await document.evaluate((region) => region.scrollHeight - region.clientHeight)).toBeLessThanOrEqual(
    1,
  );
  await signer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(signer.getByText('250%')).toBeVisible();
  await phone.close();
});

test('fields from text tags and placed by the sender are filled in place at phone width, and sealed where they stand', async ({
  page,
  browser,
  account: _account,
}) => {
  test.setTimeout(240_000);
  await page.goto('/contracts');
  await page
    .getByLabel('PDFs to start a contract from')
    .setInputFiles(pdf('Supply agreement.pdf', 'chromium-tagged.pdf'));
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, uploadTimeout);
  const contractId = page.url().split('/').at(-1) ?? '';
  // The text tags ({{signature:1}}, {{name:1}}, {{date:1}} and the same for signer 2) become six
  // fields a few seconds after the upload.
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/contracts/${contractId}`)).json()).fields.length,
      jobTimeout,
    )
    .toBe(6);
  const contract = await (await page.request.get(`/api/contracts/${contractId}`)).json();
  // The sender adds a company field and a checkbox for the first signer.
  const fields = [
    ...contract.fields,
    {
      fileId: contract.files[0].id,
      page: 1,
      x: 0.55,
      y: 0.3,
      width: 0.35,
      height: 0.04,
      type: 'company',
      signer: 1,
      label: 'Company',
    },
    {
      fileId: contract.files[0].id,
      page: 1,
      x: 0.55,
      y: 0.36,
      width: 0.04,
      height: 0.03,
      type: 'checkbox',
      signer: 1,
      label: 'I have read Schedule 1',
    },
  ];
  const saved = await page.request.put(`/api/contracts/${contractId}/fields`, { data: { fields } });
  expect(saved.status()).toBe(200);
  const suffix = Date.now();
  const signers = [
    { name: 'محمد العلي', email: `mohammed-${suffix}@example.com` },
    { name: 'Ελένη Παπαδοπούλου', email: `eleni-${suffix}@example.com` },
  ];
  await page.reload();
  for (const signer of signers) {
    await page.getByLabel('Name', { exact: true }).fill(signer.name);
    await page.getByLabel('Email', { exact: true }).fill(signer.email);
    await page.getByRole('button', { name: 'Add Signer' }).click();
  }
  await expect(documentNames(page).nth(0)).toContainText('8 fields placed on it');
  await page.getByRole('button', { name: 'Send for Signing' }).click();
  await expect(page.getByRole('link', { name: /Document as sent/ })).toBeVisible(sendTimeout);

  for (const [index, signer] of signers.entries()) {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const signing = await phone.newPage();
    await signing.goto(new URL(await accessLinkFor(signer.email, 'sign'), page.url()).href);
    const document = signing.getByRole('region', { name: 'Document' });
    await expect(document.getByRole('img', { name: 'Page 2 of 2' })).toBeAttached();
    if (index === 0) {
      const start = await walkProgress(signing);
      // Start walks to the first field that needs a value, its input in the walk's bar, and the
      // keyboard fills it.
      await walkBar(signing).getByRole('button', { name: 'Start' }).click();
      await expect(walkBar(signing).getByLabel('Company (required)')).toBeFocused();
      await signing.keyboard.type('Łódź Widgets Sp. z o.o.');
      await walkBar(signing).getByRole('button', { name: 'Next' }).click();
      await expect(walkBar(signing).getByLabel('I have read Schedule 1 (required)')).toBeFocused();
      await signing.keyboard.press('Space');
      await expect.poll(() => walkProgress(signing)).toEqual({ done: start.done + 2, total: start.total });
      // What was typed shows in the field's box on the page; a tap on it opens its input again.
      await expect(await openField(signing, 'Company')).toHaveValue('Łódź Widgets Sp. z o.o.');
      const results = await new AxeBuilder({ page: signing }).include('[aria-label="Document"]').analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
      if (screenshots)
        await signing.screenshot({ path: `${screenshots}/signing-fields-390.png`, fullPage: true });
    } else {
      // The first signer's company shows, inert, on the second signer's page.
      await expect(document.getByText('Łódź Widgets Sp. z o.o.')).toBeVisible();
    }
    await signOnPage(signing, signer.name);
    await phone.close();
  }

  // Sealed: every value on its page, read back from the PDF's text.
  let final: Buffer | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/contracts/${contractId}/documents/final`);
      if (response.status() !== 200) return 0;
      final = await response.body();
      return final.length;
    }, jobTimeout)
    .toBeGreaterThan(0);
  const dir = mkdtempSync(join(tmpdir(), 'pactum-e2e-fields-'));
  writeFileSync(join(dir, 'final.pdf'), final as Buffer);
  const text = execFileSync('pdftotext', ['-f', '2', '-l', '2', join(dir, 'final.pdf'), '-']).toString();
  for (const value of [
    'Łódź Widgets Sp. z o.o.',
    'محمد العلي',
    'Ελένη Παπαδοπούλου',
    new Date().toISOString().slice(0, 10),
  ]) {
    expect(text).toContain(value);
  }
  if (screenshots)
    execFileSync('pdftoppm', [
      '-f',
      '2',
      '-l',
      '2',
      '-r',
      '60',
      '-png',
      join(dir, 'final.pdf'),
      `${screenshots}/sealed-fields`,
    ]);
});

test('a PDF another party signed first says who signed it and when, to the sender and to the signer at phone width', async ({
  page,
  browser,
  account: _account,
}) => {
  test.setTimeout(180_000);
  await page.goto('/contracts');
  await page
    .getByLabel('PDFs to start a contract from')
    .setInputFiles(pdf('Countersigned lease.pdf', 'already-signed.pdf'));
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, uploadTimeout);
  const notice = page.getByRole('region', { name: 'Signatures already on Countersigned lease.pdf' });
  await expect(notice).toContainText('Countersigned lease.pdf was already signed when uploaded.');
  await expect(notice).toContainText(
    /Signed with a certificate in the name of Kowalski Legal Sp\. z o\.o\., Nov 2[78], 2026, \d+:\d\d [AP]M/,
  );
  await expect(notice).toContainText(
    "The PDF is sent exactly as uploaded, as the contract's only document, and the fields and the seal are added after what was signed, without changing it. Whether a certificate is to be trusted is for your PDF reader or validator to say.",
  );
  const results = await new AxeBuilder({ page })
    .include('[aria-label="Documents in signing order"]')
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await shoot(page, 'documents-signed-earlier');

  // Its text tags are for two signers.
  const suffix = Date.now();
  const signers = [
    { name: 'Zofia Wiśniewska', email: `zofia-${suffix}@example.com` },
    { name: 'Jan Kowalczyk', email: `jan-${suffix}@example.com` },
  ];
  for (const signer of signers) {
    await page.getByLabel('Name', { exact: true }).fill(signer.name);
    await page.getByLabel('Email', { exact: true }).fill(signer.email);
    await page.getByRole('button', { name: 'Add Signer' }).click();
  }
  const contractId = page.url().split('/').at(-1) ?? '';
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/contracts/${contractId}`)).json()).fields.length,
      jobTimeout,
    )
    .toBeGreaterThan(0);
  const stored = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && /\/api\/contracts\/[0-9a-f-]{36}$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Save Draft' }).click();
  expect((await stored).status()).toBe(200);
  await page.reload();
  await expect(documentNames(page).nth(0)).toContainText('fields placed on it');
  await page.getByRole('button', { name: 'Send for Signing' }).click();
  await expect(page.getByRole('link', { name: /Document as sent/ })).toBeVisible(sendTimeout);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const signing = await phone.newPage();
  await signing.goto(new URL(await accessLinkFor(signers[0]?.email ?? '', 'sign'), page.url()).href);
  const earlier = signing.getByRole('region', { name: 'Signatures already on Countersigned lease.pdf' });
  await expect(earlier).toContainText(
    'Countersigned lease.pdf was already signed before it was sent to you.',
  );
  await expect(earlier).toContainText(
    /Signed with a certificate in the name of Kowalski Legal Sp\. z o\.o\., Nov 2[78], 2026/,
  );
  await expect(earlier).toContainText(
    'Your signature and the seal are added after what was signed, without changing it.',
  );
  const signerResults = await new AxeBuilder({ page: signing })
    .include('[aria-label="Signatures already on Countersigned lease.pdf"]')
    .analyze();
  expect(signerResults.violations.map((violation) => violation.id)).toEqual([]);
  if (screenshots) await signing.screenshot({ path: `${screenshots}/signing-signed-earlier-390.png` });
  await signing.setViewportSize({ width: 1280, height: 900 });
  await expect(earlier).toBeVisible();
  if (screenshots) await signing.screenshot({ path: `${screenshots}/signing-signed-earlier-1280.png` });
  await phone.close();
});
