import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { pdfText } from '../support/pdf-text';
import { expect, jobTimeout, pageTimeout, test, uploadTimeout } from './fixtures';
import { signOnPage } from './mail-people';
import { accessLinkFor } from './server-log';

/*
 * Bulk send through the web app, with the real spreadsheets of tests/fixtures/spreadsheets. The
 * Excel CSV has one problem of its own (row 5's empty Notes); the first test sends a copy with a
 * second one made here (row 4's address written "nikos(at)example.gr"), so two rows are fixed in
 * place, the second with an address of the test's own, whose signing link the server's log gives.
 */

type Created = { id: string };

const spreadsheets = new URL('../fixtures/spreadsheets/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, spreadsheets));

/** Five rows take a PDF render and a send each, two at a time, behind every other test's work. */
const sentTimeout = { timeout: 150_000 };

const field = (key: string, label: string) => ({ type: 'mergeField', attrs: { key, label, value: null } });
const text = (value: string) => ({ type: 'text', text: value });

/** An offer letter with one role (Client) and four merge fields, one of them in the title. */
const offerTemplate = (title: string) => ({
  title: `${title} — [Company]`,
  isTemplate: true,
  content: {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          text('We offer a place at '),
          field('company', 'Company'),
          text(' from '),
          field('startDate', 'Start date'),
          text(' at a salary of '),
          field('salary', 'Salary'),
          text('. Note: '),
          field('notes', 'Notes'),
        ],
      },
    ],
  },
  signers: [{ name: 'Client', email: 'role-1@template.invalid' }],
});

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

/** axe-core's WCAG 2.1 A and AA rules. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

/** Both widths of a screen, the phone's without sideways scrolling of the page. */
async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens the template's "Send in bulk" from the templates list. */
async function openSendInBulk(page: Page, title: string) {
  await page.goto('/templates');
  const row = page.getByRole('list', { name: 'Templates' }).getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: 'Send in bulk' }).click({ timeout: pageTimeout.timeout });
  return page.getByRole('dialog', { name: `Send “${title} — [Company]” in bulk` });
}

test.describe('bulk send', () => {
  test("an Excel CSV's rows are checked, two broken ones fixed in place, one previewed, all sent, one signed", async ({
    page,
    browser,
    account,
    call,
  }) => {
    void account;
    // An upload, five sends, a signature and its seal, behind the other tests' work.
    test.setTimeout(360_000);
    const suffix = randomUUID().slice(0, 8);
    await call<Created>('POST', '/contracts', offerTemplate('Offer letter'));
    await call('POST', '/projects', { name: 'Hiring' });
    await call('POST', '/projects', { name: 'Sales' });

    const dialog = await openSendInBulk(page, 'Offer letter');
    await expect(dialog.getByLabel('Project').locator('option:checked')).toHaveText('Hiring');
    await dialog.getByLabel('Project').selectOption({ label: 'Sales' });
    const [sample] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download sample file' }).click(),
    ]);
    expect(sample.suggestedFilename()).toMatch(/^Offer letter.* - bulk send\.csv$/);
    const sampleText = readFileSync(await sample.path(), 'utf8');
    for (const header of ['Client name', 'Client email', 'Company', 'Start date', 'Salary', 'Notes']) {
      expect(sampleText).toContain(header);
    }

    // A file of another kind is refused with the server's own words.
    const pdfAsXlsx = {
      name: 'offers.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    };
    await dialog.getByLabel('Spreadsheet').setInputFiles(pdfAsXlsx);
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/bulk-sends?') && !response.ok()),
      dialog.getByRole('button', { name: 'Upload and check' }).click(),
    ]);
    expect(refused.status()).toBe(415);
    const refusal = ((await refused.json()) as { error: { message: string } }).error.message;
    await expect(dialog.getByRole('alert')).toHaveText(refusal);
    await page.screenshot({ path: test.info().outputPath('send-in-bulk-refused-desktop.png') });
    // So is a file past the bound, which the answer names.
    await dialog.getByLabel('Spreadsheet').setInputFiles({
      name: 'offers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a;'),
    });
    const [tooLarge] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/bulk-sends?') && !response.ok()),
      dialog.getByRole('button', { name: 'Upload and check' }).click(),
    ]);
    expect(tooLarge.status()).toBe(413);
    const bound = ((await tooLarge.json()) as { error: { message: string } }).error.message;
    expect(bound).toMatch(/10 MB/);
    await expect(dialog.getByRole('alert')).toHaveText(bound);

    // The real file of the fixtures (BOM, semicolons, a quoted line break, five scripts, row 5's
    // empty Notes), with one more problem made here: row 4's address broken.
    const csv = fixture('excel-csv-utf8-semicolons.csv').toString('utf8');
    expect(csv).toContain('nikos@example.gr');
    await dialog.getByLabel('Spreadsheet').setInputFiles({
      name: 'offers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.replace('nikos@example.gr', 'nikos(at)example.gr'), 'utf8'),
    });
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    // A double click uploads it once.
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/bulk-sends?')) uploads.push(request.url());
    });
    await dialog.getByRole('button', { name: 'Upload and check' }).dblclick();
    await expect(page).toHaveURL(/\/bulk-sends\/[0-9a-f-]{36}$/, uploadTimeout);
    const batchId = page.url().split('/').pop() ?? '';
    expect(uploads).toHaveLength(1);
    await expect(page.getByRole('heading', { name: 'Offer letter — [Company]', level: 1 })).toBeVisible();
    await expect(page.getByText('Bulk send from offers.csv · 5 rows')).toBeVisible();
    await expect(page.getByText('Checking', { exact: true })).toBeVisible();

    // The columns, mapped from their headers.
    const mapping = page.getByRole('region', { name: 'Columns' });
    await expect(mapping.getByLabel('What “Client name” gives')).toHaveValue('roleName:1');
    await expect(mapping.getByLabel('What “Client email” gives')).toHaveValue('roleEmail:1');
    await expect(mapping.getByLabel('What “Start date” gives')).toHaveValue('field:startDate');
    await expect(mapping.getByLabel('What “Notes” gives').locator('option:checked')).toHaveText('Notes');

    // Both problems, each under its cell; nothing is sent while they are left.
    await expect(page.getByText('2 problems in 2 rows to fix before sending.')).toBeVisible();
    const send = page.getByRole('button', { name: 'Send 5 contracts' });
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription('2 problems in 2 rows to fix before sending.');
    const rows = page.getByRole('region', { name: 'Rows' });
    const row = (number: number) =>
      rows
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: String(number), exact: true }) });
    await expect(rows.getByRole('row')).toHaveCount(6);
    await expect(row(3)).toContainText('Line one');
    await expect(row(3)).toContainText('line two');
    await expect(row(4)).toContainText(
      `Client's e-mail address "nikos(at)example.gr" is not an e-mail address`,
    );
    await expect(row(5)).toContainText('Notes is empty');
    await expect(row(4).getByRole('button', { name: 'Preview row 4' })).toBeDisabled();
    await expect(row(2).getByRole('link', { name: 'Preview row 2' })).toHaveAttribute('target', '_blank');
    const problemsLink = page.getByRole('link', { name: 'Download problems (CSV)' });
    const problemsFile = await page.request.get((await problemsLink.getAttribute('href')) ?? '');
    expect(await problemsFile.text()).toContain('Notes: Notes is empty');
    await page.getByLabel('Only rows with problems (2)').check();
    await expect(rows.getByRole('row')).toHaveCount(3);
    await expect(row(2)).toHaveCount(0);
    await screenshots(page, 'bulk-send-problems');
    expect(await violations(page)).toEqual([]);

    // Fixed in place: row 4 gets an address of this test's own (its signing link is found by it).
    const nikos = `nikos-${suffix}@example.gr`;
    await row(4).getByRole('button', { name: 'Edit row 4' }).click();
    await row(4).getByLabel('Client email, row 4').fill(nikos);
    await screenshots(page, 'bulk-send-editing');
    await row(4).getByRole('button', { name: 'Save row 4' }).click();
    await expect(page.getByText('1 problem in 1 row to fix before sending.')).toBeVisible();
    await expect(page.getByLabel('Only rows with problems (1)')).toBeChecked();
    await row(5).getByRole('button', { name: 'Edit row 5' }).click();
    await row(5).getByLabel('Notes, row 5').fill('Relocates in March');
    await row(5).getByRole('button', { name: 'Save row 5' }).click();
    await expect(page.getByText('Every row is ready to send.')).toBeVisible();
    await expect(rows.getByText('No row has a problem.')).toBeVisible();
    await expect(problemsLink).toHaveCount(0);
    await page.getByLabel('Only rows with problems (0)').uncheck();
    await expect(row(4)).toContainText(nikos);
    await expect(row(5)).toContainText('Relocates in March');

    // The preview of a fixed row is the PDF as it will be sent, with the row's values.
    const previewHref =
      (await row(4).getByRole('link', { name: 'Preview row 4' }).getAttribute('href')) ?? '';
    const preview = await page.request.get(previewHref);
    expect(preview.headers()['content-type']).toBe('application/pdf');
    const previewText = await pdfText(await preview.body());
    expect(previewText).toContain('Ελληνική Α.Ε.');
    expect(previewText).toContain('He said "yes"');

    // Confirmed, even twice in a row, it is asked to send once.
    const sendRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/send')) sendRequests.push(request.url());
    });
    await send.click();
    const confirm = page.getByRole('dialog', { name: "Send 5 contracts, one to each row's people?" });
    await confirm.getByRole('button', { name: 'Send 5 contracts' }).dblclick();
    await expect(confirm).toBeHidden();
    expect(sendRequests).toEqual([expect.stringContaining(`/api/bulk-sends/${batchId}/send`)]);
    await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Contracts sent' })).toBeVisible();
    await screenshots(page, 'bulk-send-progress');
    await expect(page.getByRole('status').filter({ hasText: 'Done: 5 of 5 sent' })).toBeVisible(sentTimeout);
    await expect(page.getByText('Done', { exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Contracts sent' })).toHaveAttribute(
      'aria-valuenow',
      '5',
    );
    await expect(rows.getByRole('row').filter({ hasText: 'Sent' })).toHaveCount(5);
    await expect(page.getByLabel('Only failed rows (0)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry failed rows' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Stop sending' })).toHaveCount(0);
    await screenshots(page, 'bulk-send-done');
    expect(await violations(page)).toEqual([]);
    const contracts = await call<{ items: { title: string }[] }>('GET', '/contracts?limit=20');
    expect(contracts.items.map((contract) => contract.title).sort()).toEqual(
      [
        'Offer letter — Żółć & Syn sp. z o.o.',
        'Offer letter — ООО «Ромашка»',
        'Offer letter — Ελληνική Α.Ε.',
        'Offer letter — 北京合同有限公司',
        'Offer letter — شركة العقود',
      ].sort(),
    );

    // The list leads back here.
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Bulk sends' }).click();
    await expect(page).toHaveURL('/bulk-sends');
    const listed = page.getByRole('row').filter({ hasText: 'offers.csv' });
    await expect(listed).toContainText('Done');
    await expect(listed).toContainText('5 sent of 5');
    await screenshots(page, 'bulk-sends-list');
    await listed.getByRole('link', { name: 'Offer letter — [Company]' }).click();
    await expect(page).toHaveURL(`/bulk-sends/${batchId}`);

    // Row 4's contract holds its values; signed, its sealed text does too.
    await row(4).getByRole('link', { name: 'Open contract of row 4' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
    const contractId = page.url().split('/').pop() ?? '';
    await expect(page.getByLabel('Contract Title')).toHaveValue('Offer letter — Ελληνική Α.Ε.', pageTimeout);
    await expect(page.getByRole('textbox', { name: 'Contract content' })).toContainText(
      'We offer a place at Ελληνική Α.Ε. from 2027-03-15 at a salary of 7000. Note: He said "yes"',
    );
    await expect(page.getByRole('list', { name: 'Signers' })).toContainText(nikos);

    const signer = await browser.newContext();
    const signing = await signer.newPage();
    await signing.goto(new URL(await accessLinkFor(nikos, 'sign'), page.url()).href);
    await expect(
      signing.getByRole('heading', { name: 'Offer letter — Ελληνική Α.Ε.', level: 1 }),
    ).toBeVisible(pageTimeout);
    await signOnPage(signing, 'Νικόλαος Παπαδόπουλος');
    await signer.close();
    let sealed: Buffer | undefined;
    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/contracts/${contractId}/documents/final`);
        if (response.status() === 200) sealed = await response.body();
        return sealed?.length ?? 0;
      }, jobTimeout)
      .toBeGreaterThan(0);
    const sealedText = await pdfText(sealed as Buffer);
    expect(sealedText).toContain('Ελληνική Α.Ε.');
    expect(sealedText).toContain('at a salary of 7000');
    expect(sealedText).toContain('Νικόλαος Παπαδόπουλος');
  });

  test('a LibreOffice .xlsx is read the same way; its one broken row is removed and the rest sent', async ({
    page,
    account,
    call,
  }) => {
    void account;
    test.setTimeout(240_000);
    await call<Created>('POST', '/contracts', offerTemplate('Welcome pack'));
    const dialog = await openSendInBulk(page, 'Welcome pack');
    await dialog.getByLabel('Spreadsheet').setInputFiles({
      name: 'offers.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: fixture('libreoffice.xlsx'),
    });
    await dialog.getByRole('button', { name: 'Upload and check' }).click();
    await expect(page).toHaveURL(/\/bulk-sends\/[0-9a-f-]{36}$/, uploadTimeout);
    await expect(page.getByText('Bulk send from offers.xlsx · 5 rows')).toBeVisible();
    await expect(page.getByText('1 problem in 1 row to fix before sending.')).toBeVisible();

    // A column ignored leaves its merge field without values, which is a problem of its own.
    const notes = page.getByRole('region', { name: 'Columns' }).getByLabel('What “Notes” gives');
    await notes.selectOption({ label: 'Ignore' });
    await expect(page.getByRole('list', { name: 'Column problems' })).toHaveText('No column gives Notes');
    await expect(page.getByText('1 problem to fix before sending.')).toBeVisible();
    await notes.selectOption({ label: 'Notes' });
    await expect(page.getByRole('list', { name: 'Column problems' })).toHaveCount(0);
    await expect(page.getByText('1 problem in 1 row to fix before sending.')).toBeVisible();

    const rows = page.getByRole('region', { name: 'Rows' });
    const broken = rows.getByRole('row').filter({ hasText: 'Notes is empty' });
    await expect(broken).toContainText('王小明');
    await broken.getByRole('button', { name: /^Remove row/ }).click();
    const confirm = page.getByRole('dialog', { name: /^Remove row \d+\?$/ });
    await confirm.getByRole('button', { name: 'Remove row' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Every row is ready to send.')).toBeVisible();
    await expect(page.getByText('Bulk send from offers.xlsx · 4 rows')).toBeVisible();
    await expect(rows.getByText('王小明')).toHaveCount(0);

    await page.getByRole('button', { name: 'Send 4 contracts' }).click();
    await page
      .getByRole('dialog', { name: "Send 4 contracts, one to each row's people?" })
      .getByRole('button', { name: 'Send 4 contracts' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Done: 4 of 4 sent' })).toBeVisible(sentTimeout);
    await expect(rows.getByRole('row').filter({ hasText: 'Sent' })).toHaveCount(4);
    await rows
      .getByRole('row')
      .filter({ hasText: 'محمد العلي' })
      .getByRole('link', { name: /^Open contract/ })
      .click();
    await expect(page.getByLabel('Contract Title')).toHaveValue('Welcome pack — شركة العقود', pageTimeout);
    await expect(page.getByRole('textbox', { name: 'Contract content' })).toContainText(
      'at a salary of 11000',
    );
  });

  test('a row the template refuses at sending fails with why, is listed on its own and retried', async ({
    page,
    account,
    call,
  }) => {
    void account;
    test.setTimeout(180_000);
    const suffix = randomUUID().slice(0, 8);
    // The template's guarantor is always the same person; the rows give each contract its client.
    const bob = `bob-${suffix}@example.com`;
    await call<Created>('POST', '/contracts', {
      ...offerTemplate('Guaranteed loan'),
      signers: [
        { name: 'Client', email: 'role-1@template.invalid' },
        { name: 'Bob Baker', email: bob },
      ],
    });
    // Row 3 names the guarantor as the client: every cell is fine, the contract's list of people is not.
    const ann = `ann-${suffix}@example.com`;
    const csv = [
      'Client name,Client email,Company,Start date,Salary,Notes',
      `Ann Archer,${ann},Acme,2027-01-01,100,None`,
      `Bob Baker,${bob},Globex,2027-02-01,200,None`,
    ].join('\n');
    const dialog = await openSendInBulk(page, 'Guaranteed loan');
    await dialog
      .getByLabel('Spreadsheet')
      .setInputFiles({ name: 'loans.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload and check' }).click();
    await expect(page.getByText('Every row is ready to send.')).toBeVisible(uploadTimeout);
    await page.getByRole('button', { name: 'Send 2 contracts' }).click();
    await page
      .getByRole('dialog', { name: "Send 2 contracts, one to each row's people?" })
      .getByRole('button', { name: 'Send 2 contracts' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Done: 1 of 2 sent' })).toBeVisible(sentTimeout);
    const rows = page.getByRole('region', { name: 'Rows' });
    const failed = rows.getByRole('row').filter({ hasText: 'Failed' });
    await expect(failed).toContainText(`${bob} is already a signer on this contract`);
    await expect(failed.getByRole('link')).toHaveCount(0);
    await expect(rows.getByRole('row').filter({ hasText: 'Ann Archer' })).toContainText('Sent');
    await page.getByLabel('Only failed rows (1)').check();
    await expect(rows.getByRole('row')).toHaveCount(2);
    await expect(rows).not.toContainText('Ann Archer');
    await screenshots(page, 'bulk-send-failed');

    // Retried, it is sent again, and fails again for the same reason.
    const [retried] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/retry')),
      page.getByRole('button', { name: 'Retry failed rows' }).click(),
    ]);
    expect(((await retried.json()) as { status: string }).status).toBe('sending');
    await expect(page.getByRole('status').filter({ hasText: 'Done: 1 of 2 sent' })).toBeVisible(sentTimeout);
    await expect(failed).toContainText('is already a signer on this contract');
    await expect(page.getByRole('button', { name: 'Retry failed rows' })).toBeVisible();
  });

  test('says "Bulk send not found" for another id, and discards a batch after asking', async ({
    page,
    account,
    call,
  }) => {
    void account;
    await page.goto(`/bulk-sends/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Bulk send not found' })).toBeVisible(pageTimeout);
    await page.goto('/bulk-sends');
    await expect(page.getByText('No bulk sends yet')).toBeVisible();

    await call<Created>('POST', '/contracts', offerTemplate('Short offer'));
    const dialog = await openSendInBulk(page, 'Short offer');
    await page.screenshot({ path: test.info().outputPath('send-in-bulk-dialog-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('send-in-bulk-dialog-phone.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('templates-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Send in bulk' }).click();
    await dialog.getByLabel('Spreadsheet').setInputFiles({
      name: 'offers.csv',
      mimeType: 'text/csv',
      buffer: fixture('excel-csv-utf8-semicolons.csv'),
    });
    await dialog.getByRole('button', { name: 'Upload and check' }).click();
    await expect(page).toHaveURL(/\/bulk-sends\/[0-9a-f-]{36}$/, uploadTimeout);
    const batchUrl = page.url();
    await page.getByRole('button', { name: 'Discard batch' }).click();
    await page
      .getByRole('dialog', { name: 'Discard this bulk send?' })
      .getByRole('button', { name: 'Discard batch' })
      .click();
    await expect(page).toHaveURL('/templates');
    await page.goto(batchUrl);
    await expect(page.getByRole('heading', { name: 'Bulk send not found' })).toBeVisible(pageTimeout);
  });
});
