import { randomUUID } from 'node:crypto';
import { expect, sendTimeout, test } from './fixtures';

test.describe('contract editor', () => {
  test('creates a draft: texts, enablement rules, signers and the move to /contracts/{id}', async ({
    page,
    account,
  }) => {
    void account;
    await page.goto('/contracts/new');
    await expect(page.getByRole('heading', { name: 'Create Contract' })).toBeVisible();
    const title = page.getByLabel('Contract Title');
    await expect(title).toHaveAttribute('placeholder', 'Enter contract title');
    const body = page.getByRole('textbox', { name: 'Contract content' });
    await expect(body.locator('p[data-placeholder="Start writing your contract..."]')).toBeVisible();
    expect(await body.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThanOrEqual(
      500,
    );
    await expect(page.getByText('Just now')).toBeVisible();
    await expect(page.getByText('No signers added yet. Add signers below.')).toBeVisible();

    const save = page.getByRole('button', { name: 'Save Draft' });
    const send = page.getByRole('button', { name: 'Send for Signing' });
    await expect(save).toBeDisabled();
    await expect(send).toBeDisabled();
    await title.fill('   ');
    await expect(save).toBeDisabled();
    await title.fill('Consulting Agreement');
    await expect(save).toBeEnabled();
    await expect(send).toBeDisabled();

    const add = page.getByRole('button', { name: 'Add Signer' });
    await expect(add).toBeDisabled();
    await page.getByLabel('Name', { exact: true }).fill('Jane Cooper');
    await expect(add).toBeDisabled();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await add.click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('jane@acme.example');
    await add.click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
    const signers = page.getByRole('list', { name: 'Signers' });
    await expect(signers.getByText('jane@acme.example')).toBeVisible();
    await expect(send).toBeEnabled();
    await page.getByLabel('Name', { exact: true }).fill('Jane Again');
    await page.getByLabel('Email', { exact: true }).fill('JANE@acme.example');
    await add.click();
    await expect(page.getByText('jane@acme.example is already a signer on this contract')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Robert Fox');
    await page.getByLabel('Email', { exact: true }).fill('robert@acme.example');
    await add.click();
    await signers.getByRole('button', { name: 'Remove Robert Fox' }).click();
    await expect(signers.getByText('Robert Fox')).toBeHidden();

    await body.click();
    await page.keyboard.type('The consultant advises the client. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Fees are fixed.');

    await save.click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Edit Contract' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Contract Title')).toHaveValue('Consulting Agreement');
    await expect(body.locator('strong')).toHaveText('Fees are fixed.');
    await expect(page.getByRole('list', { name: 'Signers' }).getByText('Jane Cooper')).toBeVisible();
  });

  test('reveals the rest of the toolbar with More, and hides it with Less', async ({ page, account }) => {
    void account;
    await page.goto('/contracts/new');
    for (const name of ['Bold', 'Italic', 'Heading 1', 'Heading 2'])
      await expect(page.getByRole('button', { name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bullet List' })).toBeHidden();
    await page.getByRole('button', { name: 'More' }).click();
    for (const name of [
      'Bullet List',
      'Align Left',
      'Align Center',
      'Align Right',
      'Blockquote',
      'Undo',
      'Redo',
    ]) {
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
    const body = page.getByRole('textbox', { name: 'Contract content' });
    await body.click();
    await page.keyboard.type('Red');
    await expect(body).toHaveText('Red');
    // The editor's own select-all command: a native Shift+Home selection reaches the editor
    // only on a later selectionchange event, which a fast script can outrun.
    await page.keyboard.press('ControlOrMeta+a');
    await page.getByLabel('Text colour').fill('#dc2626');
    await expect(body.locator('span[style*="color"]')).toHaveText('Red');
    await page.getByRole('button', { name: 'Less' }).click();
    await expect(page.getByRole('button', { name: 'Bullet List' })).toBeHidden();
  });

  test('writes every content type, with typographic replacements and grouped undo', async ({
    page,
    account,
  }) => {
    void account;
    await page.clock.install();
    await page.goto('/contracts/new');
    const body = page.getByRole('textbox', { name: 'Contract content' });
    await body.click();
    // Markdown-style shortcuts the editor understands, one block each.
    for (const line of [
      '### Third level',
      '###### Sixth level',
      '> Quoted',
      '1. First item',
      '- Bullet item',
    ]) {
      await page.keyboard.type(line);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
    }
    await page.keyboard.type('---');
    await page.keyboard.type('``` ');
    await page.keyboard.type('const code = true;');
    await expect(body.locator('h3')).toHaveText('Third level');
    await expect(body.locator('h6')).toHaveText('Sixth level');
    await expect(body.locator('blockquote')).toContainText('Quoted');
    await expect(body.locator('ol li')).toHaveText('First item');
    await expect(body.locator('ul li')).toHaveText('Bullet item');
    await expect(body.locator('hr')).toHaveCount(1);
    await expect(body.locator('pre code')).toHaveText('const code = true;');

    await body.locator('h3').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' (c) -> ok');
    await expect(body.locator('h3')).toHaveText('Third level © → ok');

    // Keys typed within 500 ms are one undo step; a longer pause starts a new one.
    await page.keyboard.type(' one');
    await page.clock.runFor(600);
    await page.keyboard.type(' two');
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(body.locator('h3')).toHaveText('Third level © → ok one');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(body.locator('h3')).toHaveText('Third level © → ok one two');
  });

  test('sends from create mode: saved first, then sent and read-only', async ({ page, account }) => {
    void account;
    test.setTimeout(90_000);
    await page.goto('/contracts/new');
    await page.getByLabel('Contract Title').fill('Offer Letter');
    await page.getByLabel('Name', { exact: true }).fill('Maria Lopez');
    await page.getByLabel('Email', { exact: true }).fill('maria@example.com');
    await page.getByRole('button', { name: 'Add Signer' }).click();
    await page.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, sendTimeout);
    await expect(page.getByText('Sent', { exact: true })).toBeVisible();
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Contract content' })).toHaveAttribute(
      'contenteditable',
      'false',
    );
    await expect(page.getByRole('textbox', { name: 'Contract content' })).toHaveAttribute(
      'aria-readonly',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Save Draft' })).toBeHidden();
    // The draft's recipient editor is gone: a recipient is now removed only through the Signers
    // card's dialog, which says what happens to their links and fields.
    await expect(page.getByRole('button', { name: 'Add Signer' })).toBeHidden();
    await expect(page.getByRole('button', { name: /Remove/ })).toHaveCount(1);
    await page.getByRole('button', { name: 'Remove Maria Lopez' }).click();
    await expect(page.getByRole('dialog', { name: 'Remove Maria Lopez' })).toBeVisible();
  });

  test('shows every non-draft read-only', async ({ page, demo, call }) => {
    void demo;
    const { items } = await call<{ items: { id: string; status: string }[] }>(
      'GET',
      '/contracts?status=signed',
    );
    await page.goto(`/contracts/${items[0]?.id}`);
    await expect(page.getByRole('heading', { name: 'Contract', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Edit Contract' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('signed-contract-read.png') });
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Contract content' })).toHaveAttribute(
      'contenteditable',
      'false',
    );
    await expect(page.getByLabel('Contract Title')).toHaveAttribute('readonly', '');
  });

  test('sends an unknown or foreign id to create mode, replacing the history entry', async ({
    page,
    account,
  }) => {
    void account;
    await page.goto('/dashboard');
    await page.goto(`/contracts/${randomUUID()}`);
    await expect(page).toHaveURL('/contracts/new');
    await page.goBack();
    await expect(page).toHaveURL('/dashboard');
  });

  test('keeps everything typed when a save fails, says so, and clears the busy state', async ({
    page,
    account,
  }) => {
    void account;
    await page.goto('/contracts/new');
    await page.route('**/api/contracts', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not available right now.' },
            }),
          })
        : route.continue(),
    );
    await page.getByLabel('Contract Title').fill('Lease');
    await page.getByRole('textbox', { name: 'Contract content' }).click();
    await page.keyboard.type('Rent is due monthly.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByRole('alert')).toContainText('The contract could not be saved');
    await expect(page).toHaveURL('/contracts/new');
    await expect(page.getByLabel('Contract Title')).toHaveValue('Lease');
    await expect(page.getByRole('textbox', { name: 'Contract content' })).toContainText(
      'Rent is due monthly.',
    );
    await expect(page.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
    await page.unroute('**/api/contracts');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
  });

  test('asks before leaving with unsaved changes, and only then', async ({ page, account }) => {
    void account;
    await page.goto('/contracts/new');
    await expect(page.getByLabel('Contract Title')).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    // Nothing typed: leaving needs no confirmation (an unexpected dialog would be dismissed and block it).
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/contracts/new');
    await page.getByLabel('Contract Title').fill('Unsaved');
    // One answer per dialog, in order; every question is recorded.
    const answers = ['dismiss', 'accept'];
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void (answers.shift() === 'accept' ? dialog.accept() : dialog.dismiss());
    });
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain('unsaved changes');
    await expect(page).toHaveURL('/contracts/new');
    await expect(page.getByLabel('Contract Title')).toHaveValue('Unsaved');
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    expect(asked).toHaveLength(2);
  });

  test('fits a phone screen without sideways scrolling', async ({ page, account }) => {
    void account;
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/dashboard', '/contracts/new']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });

  test('sets, changes and clears the expiration date', async ({ page, account }) => {
    void account;
    await page.goto('/contracts/new');
    await page.getByLabel('Contract Title').fill('Expiring');
    const expiration = page.getByLabel('Expiration', { exact: true });
    await expiration.fill('2027-03-15');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
    await page.reload();
    await expect(page.getByLabel('Expiration', { exact: true })).toHaveValue('2027-03-15');
    await page.getByLabel('Expiration', { exact: true }).fill('2027-04-01');
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok()),
      page.getByRole('button', { name: 'Save Draft' }).click(),
    ]);
    await page.reload();
    await expect(page.getByLabel('Expiration', { exact: true })).toHaveValue('2027-04-01');
    await page.getByRole('button', { name: 'Clear expiration' }).click();
    await expect(page.getByLabel('Expiration', { exact: true })).toHaveValue('');
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok()),
      page.getByRole('button', { name: 'Save Draft' }).click(),
    ]);
    await page.reload();
    await expect(page.getByLabel('Expiration', { exact: true })).toHaveValue('');
  });
});
