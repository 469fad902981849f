import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, jobTimeout, test } from './fixtures';

type Json = {
  type: string;
  attrs?: Record<string, unknown>;
  marks?: Json[];
  content?: Json[];
  text?: string;
};
type Call = <T>(method: 'POST' | 'GET' | 'PATCH', path: string, data?: unknown) => Promise<T>;

/** Every node and mark of a stored document, depth first. */
function nodesOf(node: Json): Json[] {
  return [node, ...(node.marks ?? []), ...(node.content ?? []).flatMap(nodesOf)];
}

async function openNew(page: Page, title: string): Promise<Locator> {
  await page.goto('/contracts/new');
  await page.getByLabel('Contract Title').fill(title);
  await page.getByRole('button', { name: 'More' }).click();
  const body = page.getByRole('textbox', { name: 'Contract content' });
  await body.click();
  return body;
}

/** Saves (the first save moves to /contracts/{id}), and returns the stored document from the API. */
async function save(page: Page, call: Call): Promise<{ id: string; content: Json; contentHtml: string }> {
  await Promise.all([
    page.waitForResponse(
      (response) => ['POST', 'PATCH'].includes(response.request().method()) && response.ok(),
    ),
    page.getByRole('button', { name: 'Save Draft' }).click(),
  ]);
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() as string;
  return { id, ...(await call<{ content: Json; contentHtml: string }>('GET', `/contracts/${id}`)) };
}

/**
 * Puts the cursor in the text as a click does, and waits until the editor has taken it: the
 * browser tells the editor of a new selection in a later `selectionchange` task, which a key
 * pressed at once would outrun. Two animation frames later that task has run.
 */
async function clickInto(target: Locator, options?: Parameters<Locator['click']>[0]): Promise<void> {
  await target.click(options);
  await target
    .page()
    .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The numbers the page shows before each clause of the legal lists, as Chromium laid them out:
 * CSS counters are resolved only in layout (getComputedStyle gives back "counters(legal, ...)"),
 * and the accessibility tree carries the generated text.
 */
async function legalNumbers(page: Page, within = '.ProseMirror'): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Accessibility.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: `${within} ol.legal-numbering > li`,
    });
    const numbers: string[] = [];
    for (const nodeId of nodeIds) {
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
      const item = nodes[0];
      if (!item) continue;
      const children = await cdp.send('Accessibility.getChildAXNodes', { id: item.nodeId });
      const marker = children.nodes[0];
      if (!marker) continue;
      const text = await cdp.send('Accessibility.getChildAXNodes', { id: marker.nodeId });
      numbers.push(
        text.nodes
          .filter((node) => node.role?.value === 'StaticText')
          .map((node) => String(node.name?.value ?? ''))
          .join(''),
      );
    }
    return numbers;
  } finally {
    await cdp.detach();
  }
}

const text = (value: string, marks?: Json[]): Json => ({
  type: 'text',
  text: value,
  ...(marks && { marks }),
});
const para = (...content: Json[]): Json => ({ type: 'paragraph', content });
const clause = (value: string, ...nested: Json[]): Json => ({
  type: 'listItem',
  content: [para(text(value)), ...nested],
});
const legal = (...items: Json[]): Json => ({
  type: 'orderedList',
  attrs: { numbering: 'legal' },
  content: items,
});
const cell = (type: string, value: string, align: string | null = null): Json => ({
  type,
  attrs: { align },
  content: [para(text(value))],
});

/** A contract holding every format, as a user would have made it. */
const showcase: Json = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text('Services Agreement')] },
    para(
      text('This agreement (the '),
      text('Agreement', [{ type: 'underline' }]),
      text(') is made under the '),
      text('general terms', [{ type: 'link', attrs: { href: 'https://example.com/terms' } }]),
      text(' and replaces the '),
      text('draft of 1 March', [{ type: 'strike' }]),
      text('.'),
    ),
    legal(
      clause(
        'Definitions',
        legal(
          clause('"Services" means the work in Schedule 1.', legal(clause('including its updates.'))),
          clause('"Fees" means the amounts below.'),
        ),
      ),
      clause('Payment', legal(clause('The Client pays each invoice within 30 days.'))),
    ),
    {
      type: 'orderedList',
      attrs: { type: 'a' },
      content: [clause('first alternative'), clause('second alternative')],
    },
    { type: 'paragraph', attrs: { indent: 2 }, content: [text('An indented note on the fees.')] },
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [
            cell('tableHeader', 'Milestone'),
            cell('tableHeader', 'Due'),
            cell('tableHeader', 'Description'),
            cell('tableHeader', 'Amount', 'right'),
          ],
        },
        ...[1, 2].map((k) => ({
          type: 'tableRow',
          content: [
            cell('tableCell', `Milestone ${k}`),
            cell('tableCell', `Month ${k * 3}`),
            cell('tableCell', 'Delivery and acceptance of the work described in Schedule 1'),
            cell('tableCell', `${k * 2500} EUR`, 'right'),
          ],
        })),
      ],
    },
    { type: 'pageBreak' },
    { type: 'heading', attrs: { level: 2 }, content: [text('Schedule 1')] },
    para(text('The work, in detail.')),
  ],
};

/** The signing link the demo server printed to its log for this address (no SMTP there). */
async function signingPathFor(email: string): Promise<string> {
  const logPath = join(tmpdir(), `pactum-e2e-${Number(process.env.E2E_PORT ?? 3100)}.log`);
  let path: string | undefined;
  await expect
    .poll(async () => {
      const log = await readFile(logPath, 'utf8').catch(() => '');
      for (const line of log.split('\n')) {
        if (!line.includes(email) || !line.includes('/sign/')) continue;
        const entry = JSON.parse(line) as { to?: string; link?: string };
        if (entry.to === email && entry.link) path = new URL(entry.link).pathname;
      }
      return path;
    }, jobTimeout)
    .toBeTruthy();
  return path as string;
}

test.describe('editor formatting', () => {
  test('names every tool and shows its shortcut in the tooltip', async ({ page, account }) => {
    void account;
    await openNew(page, 'Tools');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    for (const [name, title] of [
      ['Bold', 'Bold (Ctrl+B)'],
      ['Underline', 'Underline (Ctrl+U)'],
      ['Strikethrough', 'Strikethrough (Ctrl+Shift+S)'],
      ['Link', 'Link (Ctrl+K)'],
      ['Numbered List', 'Numbered List (Ctrl+Shift+7)'],
      ['Indent', 'Indent (Ctrl+])'],
      ['Outdent', 'Outdent (Ctrl+[)'],
      ['Page break', 'Page break (Ctrl+Enter)'],
      ['Insert table', 'Insert table'],
    ]) {
      const button = toolbar.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      await expect(button).toHaveAttribute('title', title as string);
    }
    await expect(toolbar.getByRole('button', { name: 'Underline' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+U',
    );
    await expect(toolbar.getByRole('combobox', { name: 'Numbering style' })).toBeVisible();
    // The table's tools appear only inside a table.
    await expect(toolbar.getByRole('group', { name: 'Table' })).toBeHidden();
  });

  test('underline and strikethrough, from the toolbar and the keyboard, are saved', async ({
    page,
    account,
    call,
  }) => {
    void account;
    const body = await openNew(page, 'Marks');
    await page.keyboard.type('Plain ');
    await page.keyboard.press('ControlOrMeta+u');
    await page.keyboard.type('keyed underline');
    await page.keyboard.press('ControlOrMeta+u');
    await page.keyboard.type(' and ');
    await page.getByRole('button', { name: 'Underline' }).click();
    await expect(page.getByRole('button', { name: 'Underline' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('clicked underline');
    await page.getByRole('button', { name: 'Underline' }).click();
    await page.keyboard.type(' then ');
    await page.keyboard.press('ControlOrMeta+Shift+s');
    await page.keyboard.type('struck');
    await page.keyboard.press('ControlOrMeta+Shift+s');
    await page.keyboard.type(' ');
    await page.getByRole('button', { name: 'Strikethrough' }).click();
    await page.keyboard.type('struck too');
    await expect(body.locator('u')).toHaveText(['keyed underline', 'clicked underline']);
    await expect(body.locator('s')).toHaveText(['struck', 'struck too']);

    const stored = await save(page, call);
    const marked = (type: string) =>
      nodesOf(stored.content)
        .filter((node) => node.type === 'text' && node.marks?.some((mark) => mark.type === type))
        .map((node) => node.text);
    expect(marked('underline')).toEqual(['keyed underline', 'clicked underline']);
    expect(marked('strike')).toEqual(['struck', 'struck too']);
    await page.reload();
    await expect(body.locator('u')).toHaveText(['keyed underline', 'clicked underline']);
    await expect(body.locator('s')).toHaveText(['struck', 'struck too']);
    // Underlined as it will print.
    expect(
      await body
        .locator('u')
        .first()
        .evaluate((element) => getComputedStyle(element).textDecorationLine),
    ).toBe('underline');
  });

  test('sets, edits and removes links; refuses javascript: with a reason', async ({
    page,
    account,
    call,
  }) => {
    void account;
    const body = await openNew(page, 'Links');
    await page.keyboard.type('See the terms: ');
    await page.keyboard.press('ControlOrMeta+k');
    const dialog = page.getByRole('dialog', { name: 'Add link' });
    await expect(dialog).toBeVisible();
    const address = dialog.getByLabel('Link address');
    await expect(address).toBeFocused();
    await address.fill('javascript:alert(document.cookie)');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Enter a web address (http or https) or an e-mail address (mailto:).',
    );
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await address.fill('example.com/terms');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    const link = body.locator('a');
    await expect(link).toHaveText('https://example.com/terms');
    await expect(link).toHaveAttribute('href', 'https://example.com/terms');
    // The focus is back in the document, after the link.
    await page.keyboard.type(' and ');

    // A word selected, then the toolbar's Link.
    await page.keyboard.type('write to us');
    for (let i = 0; i < 'us'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Add link' })
      .getByLabel('Link address')
      .fill('mailto:legal@example.com');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(body.locator('a[href="mailto:legal@example.com"]')).toHaveText('us');

    // Inside the first link: the dialog edits it, whole.
    await clickInto(link.first());
    await page.keyboard.press('ControlOrMeta+k');
    const edit = page.getByRole('dialog', { name: 'Edit link' });
    await expect(edit.getByLabel('Link address')).toHaveValue('https://example.com/terms');
    await edit.getByLabel('Link address').fill('https://example.org/terms-2026');
    await edit.getByRole('button', { name: 'Apply' }).click();
    await expect(body.locator('a').first()).toHaveAttribute('href', 'https://example.org/terms-2026');
    await expect(body.locator('a').first()).toHaveText('https://example.com/terms');
    // Editing does not follow the link.
    await body.locator('a').first().click();
    await expect(page).toHaveURL(/\/contracts\/new$/);

    let stored = await save(page, call);
    const links = () =>
      nodesOf(stored.content)
        .filter((node) => node.type === 'link')
        .map((mark) => mark.attrs?.href);
    expect(links()).toEqual(['https://example.org/terms-2026', 'mailto:legal@example.com']);

    await page.reload();
    await page.getByRole('button', { name: 'More' }).click();
    await clickInto(body.locator('a[href^="mailto:"]'));
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Edit link' })
      .getByRole('button', { name: 'Remove link' })
      .click();
    await expect(body.locator('a')).toHaveCount(1);
    await expect(body).toContainText('write to us');
    stored = await save(page, call);
    expect(links()).toEqual(['https://example.org/terms-2026']);
  });

  test('numbering styles, and legal numbers that follow the clauses', async ({ page, account, call }) => {
    void account;
    const body = await openNew(page, 'Clauses');
    const style = page.getByRole('combobox', { name: 'Numbering style' });
    await page.keyboard.type('1. Definitions');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Agreement');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Parties');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('Services');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('Payment');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Term');
    await expect(body.locator('ol')).toHaveCount(3);

    // Numbering styles on one list at a time.
    await clickInto(body.getByText('Agreement'));
    await style.selectOption('a');
    await expect(body.locator('ol ol').first()).toHaveAttribute('type', 'a');
    expect(
      await body
        .locator('ol ol')
        .first()
        .evaluate((element) => getComputedStyle(element).listStyleType),
    ).toBe('lower-alpha');
    await style.selectOption('I');
    expect(
      await body
        .locator('ol ol')
        .first()
        .evaluate((element) => getComputedStyle(element).listStyleType),
    ).toBe('upper-roman');
    await expect(style).toHaveValue('I');

    // Legal numbering is the whole clause tree's, chosen from any clause of it.
    await clickInto(body.getByText('Parties'));
    await style.selectOption('legal');
    await expect(body.locator('ol.legal-numbering')).toHaveCount(3);
    await expect(style).toHaveValue('legal');
    expect(await legalNumbers(page)).toEqual(['1.', '1.1', '1.1.1', '1.2', '2.', '3.']);

    // Moved: "Services" taken up a level becomes clause 2; "Payment" nested under it, 2.1.
    await clickInto(body.getByText('Services'));
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => legalNumbers(page)).toEqual(['1.', '1.1', '1.1.1', '2.', '3.', '4.']);
    await clickInto(body.getByText('Payment'));
    await page.keyboard.press('Tab');
    await expect.poll(() => legalNumbers(page)).toEqual(['1.', '1.1', '1.1.1', '2.', '2.1', '3.']);

    // Removed: the first clause and its sub-clauses, selected down to the start of the next one.
    await clickInto(body.getByText('Definitions'));
    await page.keyboard.press('Home');
    await clickInto(body.getByText('Services'), { modifiers: ['Shift'], position: { x: 1, y: 8 } });
    expect(await page.evaluate(() => window.getSelection()?.toString())).toContain('Parties');
    await page.keyboard.press('Backspace');
    await expect(body.getByText('Definitions')).toHaveCount(0);
    await expect.poll(() => legalNumbers(page)).toEqual(['1.', '1.1', '2.']);
    await expect(body.locator('li').first()).toContainText('Services');

    const stored = await save(page, call);
    const lists = nodesOf(stored.content).filter((node) => node.type === 'orderedList');
    expect(lists.map((list) => list.attrs?.numbering)).toEqual(['legal', 'legal']);
    expect(stored.contentHtml).toContain('class="legal-numbering"');
    await page.reload();
    await expect.poll(() => legalNumbers(page)).toEqual(['1.', '1.1', '2.']);

    // Back to a plain style: legal numbering leaves the whole tree.
    await page.getByRole('button', { name: 'More' }).click();
    await clickInto(body.getByText('Payment'));
    await style.selectOption('A');
    await expect(body.locator('ol.legal-numbering')).toHaveCount(0);
    await expect(body.locator('ol ol')).toHaveAttribute('type', 'A');
  });

  test('tables: insert, rows and columns, header row, cell alignment, delete', async ({
    page,
    account,
    call,
  }) => {
    void account;
    const body = await openNew(page, 'Schedule');
    await page.keyboard.type('Fees:');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Insert table' }).click();
    const table = body.locator('table');
    await expect(table.locator('tr')).toHaveCount(3);
    await expect(table.locator('tr').first().locator('th')).toHaveCount(3);
    await expect(table.locator('td')).toHaveCount(6);
    const tools = page.getByRole('group', { name: 'Table' });
    await expect(tools).toBeVisible();
    await expect(tools.getByRole('button', { name: 'Header row' })).toHaveAttribute('aria-pressed', 'true');

    await page.keyboard.type('Item');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Amount');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Due');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Set-up');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1,000 EUR');

    await tools.getByRole('button', { name: 'Add row below' }).click();
    await expect(table.locator('tr')).toHaveCount(4);
    await tools.getByRole('button', { name: 'Add row above' }).click();
    await expect(table.locator('tr')).toHaveCount(5);
    await tools.getByRole('button', { name: 'Add column after' }).click();
    await expect(table.locator('tr').first().locator('th')).toHaveCount(4);
    await tools.getByRole('button', { name: 'Add column before' }).click();
    await expect(table.locator('tr').first().locator('th')).toHaveCount(5);
    await expect(table.locator('tr').first().locator('th')).toHaveText(['Item', '', 'Amount', '', 'Due']);
    // The new, empty row and column go again.
    await clickInto(table.locator('tr').last().locator('td').first());
    await tools.getByRole('button', { name: 'Delete row' }).click();
    await expect(table.locator('tr')).toHaveCount(4);
    await clickInto(table.locator('tr').first().locator('th').nth(1));
    await tools.getByRole('button', { name: 'Delete column' }).click();
    await expect(table.locator('tr').first().locator('th')).toHaveText(['Item', 'Amount', '', 'Due']);
    await expect(table.locator('tr', { hasText: 'Set-up' }).locator('td')).toHaveText([
      'Set-up',
      '1,000 EUR',
      '',
      '',
    ]);

    await clickInto(table.getByText('1,000 EUR'));
    await tools.getByRole('button', { name: 'Align cell right' }).click();
    await expect(tools.getByRole('button', { name: 'Align cell right' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(table.locator('td', { hasText: '1,000 EUR' })).toHaveCSS('text-align', 'right');
    await clickInto(table.getByText('Due'));
    await tools.getByRole('button', { name: 'Align cell center' }).click();

    // Out of the table, its tools go.
    await clickInto(body.getByText('Fees:'));
    await expect(tools).toBeHidden();

    let stored = await save(page, call);
    const cells = () =>
      nodesOf(stored.content).filter((node) => ['tableCell', 'tableHeader'].includes(node.type));
    const rows = () => nodesOf(stored.content).filter((node) => node.type === 'tableRow');
    expect(rows()).toHaveLength(4);
    expect(cells()).toHaveLength(16);
    expect(cells().filter((cell) => cell.type === 'tableHeader')).toHaveLength(4);
    expect(cells().map((cell) => cell.attrs?.align)).toContain('right');
    expect(cells().find((cell) => nodesOf(cell).some((node) => node.text === 'Due'))?.attrs?.align).toBe(
      'center',
    );

    await page.reload();
    await expect(table.locator('tr')).toHaveCount(4);
    await expect(table.locator('th')).toHaveCount(4);
    await expect(table.locator('td', { hasText: '1,000 EUR' })).toHaveCSS('text-align', 'right');
    // The header row is shaded, as it prints.
    expect(
      await table
        .locator('th')
        .first()
        .evaluate((cell) => getComputedStyle(cell).backgroundColor),
    ).not.toBe('rgba(0, 0, 0, 0)');

    await clickInto(table.getByText('Item'));
    await tools.getByRole('button', { name: 'Header row' }).click();
    await expect(table.locator('th')).toHaveCount(0);
    await tools.getByRole('button', { name: 'Delete table' }).click();
    await expect(body.locator('table')).toHaveCount(0);
    stored = await save(page, call);
    expect(rows()).toHaveLength(0);
  });

  test('indent, outdent and page breaks, from the toolbar and the keyboard', async ({
    page,
    account,
    call,
  }) => {
    void account;
    const body = await openNew(page, 'Layout');
    await page.keyboard.type('Recitals');
    await page.keyboard.press('ControlOrMeta+]');
    await page.keyboard.press('ControlOrMeta+]');
    await page.getByRole('button', { name: 'Indent', exact: true }).click();
    await expect(body.locator('p').first()).toHaveAttribute('data-indent', '3');
    await page.getByRole('button', { name: 'Outdent' }).click();
    await page.keyboard.press('ControlOrMeta+[');
    await expect(body.locator('p').first()).toHaveAttribute('data-indent', '1');
    expect(
      await body
        .locator('p')
        .first()
        .evaluate((element) => getComputedStyle(element).marginLeft),
    ).toBe('30px');

    await page.keyboard.press('End');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.keyboard.type('Schedule 1');
    await page.getByRole('button', { name: 'Page break' }).click();
    await page.keyboard.type('Schedule 2');
    const breaks = body.locator('div[data-type="page-break"]');
    await expect(breaks).toHaveCount(2);
    await expect(body.locator('p')).toHaveText(['Recitals', 'Schedule 1', 'Schedule 2']);
    expect(await breaks.first().evaluate((element) => getComputedStyle(element, '::after').content)).toBe(
      '"Page break"',
    );

    const stored = await save(page, call);
    expect(stored.content.content?.map((node) => node.type)).toEqual([
      'paragraph',
      'pageBreak',
      'paragraph',
      'pageBreak',
      'paragraph',
    ]);
    expect(stored.content.content?.[0]?.attrs?.indent).toBe(1);
    await page.reload();
    await expect(breaks).toHaveCount(2);
    await expect(body.locator('p').first()).toHaveAttribute('data-indent', '1');
  });

  test('opens a contract stored before these formats exactly as it was', async ({ page, account, call }) => {
    void account;
    const old = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1, textAlign: null }, content: [{ type: 'text', text: 'Lease' }] },
        {
          type: 'orderedList',
          attrs: { start: 1, type: null },
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Rent is due monthly.' }] }],
            },
          ],
        },
      ],
    };
    const created = await call<{ id: string; content: Json }>('POST', '/contracts', {
      title: 'Lease',
      content: old,
    });
    await page.goto(`/contracts/${created.id}`);
    const body = page.getByRole('textbox', { name: 'Contract content' });
    await expect(body.locator('h1')).toHaveText('Lease');
    await expect(body.locator('ol > li')).toHaveText('Rent is due monthly.');
    expect(await body.locator('ol').evaluate((element) => getComputedStyle(element).listStyleType)).toBe(
      'decimal',
    );
    await expect(body.locator('ol')).not.toHaveAttribute('type');
    // Opening it changed nothing: saved again, it is stored as it was.
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok()),
      page.getByRole('button', { name: 'Save Draft' }).click(),
    ]);
    const again = await call<{ content: Json; contentHtml: string }>('GET', `/contracts/${created.id}`);
    expect(again.content).toEqual(created.content);
    expect(again.contentHtml).toBe('<h1>Lease</h1><ol><li><p>Rent is due monthly.</p></li></ol>');
  });

  test('shows a contract as it will print, in the editor and to the signer, on desktop and phone', async ({
    page,
    account,
    call,
    browser,
  }, testInfo) => {
    // It waits on background jobs (a send, its mails), which take far longer on a busy machine.
    test.setTimeout(120_000);
    void account;
    // A long unbroken address, as real ones are: it must not widen the page on a phone.
    const signer = `zoe.hohenstein-legal-${randomUUID().slice(0, 6)}@very-long-company-name.example.com`;
    const created = await call<{ id: string }>('POST', '/contracts', {
      title: 'Services Agreement',
      content: showcase,
      signers: [{ name: 'Zoë Signer', email: signer }],
    });
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

    await page.goto(`/contracts/${created.id}`);
    const body = page.getByRole('textbox', { name: 'Contract content' });
    await expect(body.locator('table')).toBeVisible();
    await expect.poll(() => legalNumbers(page)).toEqual(['1.', '1.1', '1.1.1', '1.2', '2.', '2.1']);
    await shot('editor-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    // The table scrolls inside itself rather than widening the page.
    const table = body.locator('table');
    expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await shot('editor-390');
    // The whole toolbar, with the table's tools, fits a phone too.
    await page.getByRole('button', { name: 'More' }).click();
    await clickInto(table.getByText('Month 3'));
    await expect(page.getByRole('group', { name: 'Table' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page
      .getByRole('toolbar', { name: 'Formatting' })
      .screenshot({ path: testInfo.outputPath('toolbar-390.png') });
    await page.keyboard.press('ControlOrMeta+k');
    await page.getByRole('dialog', { name: 'Add link' }).getByLabel('Link address').fill('ftp://example.com');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('link-dialog-390.png') });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await call('POST', `/contracts/${created.id}/send`);
    const signing = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await signing.goto(await signingPathFor(signer));
      const article = signing.getByRole('article', { name: 'Document' });
      await expect(article.locator('table')).toBeVisible();
      await expect(article.locator('u')).toHaveText('Agreement');
      await expect(article.locator('a[href="https://example.com/terms"]')).toHaveText('general terms');
      await expect
        .poll(() => legalNumbers(signing, '.prose-contract'))
        .toEqual(['1.', '1.1', '1.1.1', '1.2', '2.', '2.1']);
      expect(
        await article.locator('ol[type="a"]').evaluate((list) => getComputedStyle(list).listStyleType),
      ).toBe('lower-alpha');
      expect(
        await article
          .locator('th')
          .first()
          .evaluate((cell) => getComputedStyle(cell).backgroundColor),
      ).not.toBe('rgba(0, 0, 0, 0)');
      expect(
        await article
          .locator('.page-break')
          .evaluate((element) => getComputedStyle(element, '::after').content),
      ).toBe('"Page break"');
      await signing.screenshot({ path: testInfo.outputPath('signing-1280.png'), fullPage: true });
      await signing.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => signing.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      await signing.screenshot({ path: testInfo.outputPath('signing-390.png'), fullPage: true });
    } finally {
      await signing.close();
    }
  });

  test('the whole toolbar, the table tools and the link dialog pass axe', async ({ page, account, call }) => {
    // Four axe scans of the whole editor: each takes seconds on a busy machine.
    test.setTimeout(120_000);
    void account;
    const created = await call<{ id: string }>('POST', '/contracts', { title: 'Axe', content: showcase });
    await page.goto(`/contracts/${created.id}`);
    await page.getByRole('button', { name: 'More' }).click();
    const body = page.getByRole('textbox', { name: 'Contract content' });
    await clickInto(body.locator('table').getByText('Month 3'));
    await expect(page.getByRole('group', { name: 'Table' })).toBeVisible();
    const violations = async () =>
      (
        await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      ).violations.map((violation) => ({
        rule: violation.id,
        targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
      }));
    expect(await violations()).toEqual([]);
    await page.keyboard.press('ControlOrMeta+k');
    await expect(page.getByRole('dialog', { name: 'Add link' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
