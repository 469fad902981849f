import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { EditorDocument } from '../../src/shared/api/editor-document';
import { googleDocsOutline, wordMacNestedListsOutline } from '../support/clipboard-outlines';
import { outline } from '../support/document-outline';
import { expect, test } from './fixtures';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'clipboard', name), 'utf8');

/** A paste as the browser delivers one: a ClipboardEvent holding text/html and text/plain. */
async function paste(body: Locator, html: string, text: string): Promise<void> {
  await body.click();
  await body.evaluate(
    (element, data) => {
      const transfer = new DataTransfer();
      if (data.html) transfer.setData('text/html', data.html);
      transfer.setData('text/plain', data.text);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    },
    { html, text },
  );
}

async function newContract(page: Page, title: string): Promise<Locator> {
  await page.goto('/contracts/new');
  await page.getByLabel('Contract Title').fill(title);
  return page.getByRole('textbox', { name: 'Contract content' });
}

/** Saves the draft and reads back what the server stored. */
async function saveAndRead(
  page: Page,
  call: <T>(method: 'GET', path: string) => Promise<T>,
): Promise<EditorDocument> {
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() as string;
  const contract = await call<{ content: EditorDocument }>('GET', `/contracts/${id}`);
  return contract.content;
}

test.describe('paste keeps the structure', () => {
  test('from Word: nested lists with their numbering, no glyphs or Office markup, kept after saving', async ({
    page,
    account,
    call,
  }, testInfo) => {
    void account;
    const body = await newContract(page, 'Pasted from Word');
    await paste(body, fixture('word-mac-nested-lists.html'), 'Some nested lists\none\ntwo\na\nb');
    await expect(body.locator('h2')).toHaveText('Some nested lists');
    await expect(body.locator('ol > li > ol[type="a"] > li')).toHaveText(['a', 'b']);
    await expect(body.locator('ul ul ul > li > p').first()).toHaveText('four');
    await expect(body).not.toContainText('·');

    const content = await saveAndRead(page, call);
    expect(outline(content).slice(0, 11)).toEqual(wordMacNestedListsOutline.slice(0, 11));
    await page.reload();
    await expect(body.locator('ol > li > ol[type="a"] > li')).toHaveText(['a', 'b']);
    await expect(body.locator('ul ul ul > li > p')).toHaveText(['four', 'Sub paragraph']);
    await body.screenshot({ path: testInfo.outputPath('word-paste-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(body.locator('h2')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('word-paste-phone.png'), fullPage: true });
  });

  test('from Word: tables and a page break', async ({ page, account, call }) => {
    void account;
    const body = await newContract(page, 'Word tables');
    await paste(body, fixture('word-mac-tables.html'), 'Name\tGame');
    await expect(body.locator('table')).toHaveCount(3);
    await expect(body.locator('table').first().locator('tr').first().locator('td')).toHaveText([
      'Name',
      'Game',
      'Fame',
      'Blame',
    ]);
    await page.keyboard.press('Control+End');
    await paste(body, fixture('word-mac-minutes-page-break.html'), 'TITLE');
    await expect(body.locator('[data-type="page-break"]')).toHaveCount(1);
    const lines = outline(await saveAndRead(page, call));
    expect(lines.filter((line) => line === 'table')).toHaveLength(3);
    expect(lines).toContain('      p: Tacky uniform');
    // The document ended in a table: the second paste went into its last cell, as in Word.
    const trimmed = lines.map((line) => line.trim());
    expect(trimmed).toContain('pageBreak');
    // Its first paragraph joins the cell's paragraph, which keeps its own alignment.
    expect(trimmed).toContain('p: [bold]TITLE');
    expect(trimmed).toContain('p (center): ([italic]signature page follows)');
  });

  test('from Google Docs: headings, marks and aria-level lists', async ({ page, account, call }) => {
    void account;
    const body = await newContract(page, 'Pasted from Google Docs');
    await paste(
      body,
      fixture('google-docs-headings-nested-lists.html'),
      fixture('google-docs-headings-nested-lists.txt'),
    );
    await expect(body.locator('h1')).toHaveText('Heading 1');
    // The whole paste sits in Google's <b style="font-weight:normal">: only "dolor" and "ipsum" are bold.
    await expect(body.locator('strong')).toHaveText(['dolor', 'ipsum']);
    const content = await saveAndRead(page, call);
    expect(outline(content)).toEqual(googleDocsOutline);
  });

  test('from LibreOffice: every numbering style, links and a table', async ({ page, account, call }) => {
    void account;
    const body = await newContract(page, 'Pasted from LibreOffice');
    await paste(body, fixture('libreoffice-writer-odt.html'), 'Services Agreement');
    await expect(body.locator('ol ol ol > li')).toHaveText([
      'Including support.',
      'in full;',
      'to the address given.',
    ]);
    // Attribute selectors ignore the case of `type`: read the values themselves.
    expect(
      await body.locator('ol[type]').evaluateAll((lists) => lists.map((list) => list.getAttribute('type'))),
    ).toEqual(['a', 'i', 'A', 'I']);
    await expect(body.locator('a[href="mailto:legal@example.com"]')).toHaveText('legal@example.com');
    const content = await saveAndRead(page, call);
    const lines = outline(content);
    expect(lines).toContain('ol type=A');
    expect(lines).toContain('    ol type=I');
    expect(lines.slice(lines.indexOf('table'))).toEqual([
      'table',
      '  tr',
      '    td',
      '      p: Item',
      '    td',
      '      p: Quantity',
      '    td',
      '      p: Price',
      '  tr',
      '    td',
      '      p: Consulting',
      '    td',
      '      p: 10',
      '    td',
      '      p: [bold]1,000 EUR',
      '  tr',
      '    td colspan=2',
      '      p: Total',
      '    td',
      '      p: 10,000 EUR',
      'p: Signed in two copies.',
    ]);
    await page.reload();
    await expect(body.locator('table tr')).toHaveCount(3);
  });

  test('from a web page copied in Chromium: safe links only, the text all there', async ({
    page,
    account,
    call,
  }) => {
    void account;
    const body = await newContract(page, 'Pasted from the web');
    await paste(body, fixture('web-chromium-terms.html'), fixture('web-chromium-terms.txt'));
    await expect(body.locator('blockquote')).toHaveText('We never sell your data.');
    await expect(body).toContainText('click here');
    await expect(body.locator('a')).toHaveCount(2);
    const content = await saveAndRead(page, call);
    expect(JSON.stringify(content)).not.toContain('javascript:');
    expect(outline(content)).toContain('        ol type=i');
  });

  test('a paste past the contract limits is refused with the reason, the contract unchanged', async ({
    page,
    account,
  }, testInfo) => {
    void account;
    const body = await newContract(page, 'Too long');
    await body.click();
    await page.keyboard.type('Kept as it was.');

    // More text than a contract holds: refused before the clipboard is read.
    await paste(body, '', 'x'.repeat(800_001));
    const notice = page.getByRole('alert').filter({ hasText: 'Nothing was pasted' });
    await expect(notice).toContainText('800,001 characters, more than the 800,000');
    await expect(body).toHaveText('Kept as it was.');
    await page.getByRole('main').screenshot({ path: testInfo.outputPath('paste-refused.png') });

    // Short text, but more paragraphs than a contract holds: refused once read, the tab still responsive.
    await paste(body, '<p>clause</p>'.repeat(12_500), 'clause\n'.repeat(12_500));
    await expect(notice).toContainText('more than 12,000 paragraphs, headings and list items');
    await expect(body).toHaveText('Kept as it was.');
    await page.keyboard.type(' Still typing.');
    await expect(body).toHaveText('Kept as it was. Still typing.');

    // A deeply nested paste is flattened past nine list levels, not a word lost.
    let nested = 'bottom';
    for (let level = 400; level >= 1; level -= 1) nested = `<ul><li>level ${level}${nested}</li></ul>`;
    await paste(body, nested, 'bottom');
    await expect(notice).toBeHidden();
    await expect(body).toContainText('level 400bottom');
    expect(await body.locator('ul').count()).toBeLessThanOrEqual(9);
  });
});
