import { expect, test } from './fixtures';
import { selectText } from './select-text';

test.describe('comments on a contract', () => {
  test('comment on a passage, reply, resolve, and the comment follows its passage until it is deleted', async ({
    page,
    account,
  }) => {
    void account;
    test.setTimeout(120_000);
    await page.goto('/contracts/new');
    await page.getByLabel('Contract Title').fill('Supply Agreement');
    const body = page.getByRole('textbox', { name: 'Contract content' });
    await body.click();
    await page.keyboard.type('The Supplier delivers the goods within thirty days of the order.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The Buyer pays each invoice within fourteen days.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);

    // Select a passage: the Comment action appears under it.
    await body.click();
    await selectText(page, 'within thirty days');
    await page.getByRole('button', { name: 'Comment on the selection' }).click();
    const form = page.getByRole('form', { name: 'New comment' });
    await expect(form.getByRole('blockquote').or(form.locator('blockquote'))).toHaveText(
      'within thirty days',
    );
    await form.getByRole('combobox', { name: 'Comment' }).fill('Thirty days is too long for us.');
    await form.getByLabel('Shared with the other side').check();
    await form.getByRole('button', { name: 'Post comment' }).click();
    await expect(form).toBeHidden();

    const threads = page.getByRole('list', { name: 'Comment threads' });
    const thread = threads
      .getByRole('listitem')
      .filter({ hasText: 'Thirty days is too long for us.' })
      .first();
    await expect(thread).toBeVisible();
    await expect(thread.getByText('Shared', { exact: true })).toBeVisible();
    const highlight = body.locator('[data-thread-id]');
    await expect(highlight).toHaveText('within thirty days');

    // A reply, then resolve and reopen.
    await thread.getByRole('combobox', { name: 'Reply' }).fill('Fourteen, then?');
    await thread.getByRole('button', { name: 'Reply' }).click();
    await expect(thread.getByText('Fourteen, then?')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('thread.png'), fullPage: true });
    await thread.getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByRole('button', { name: 'Show resolved (1)' })).toBeVisible();
    await expect(highlight).toHaveCount(0);
    await page.getByRole('button', { name: 'Show resolved (1)' }).click();
    await threads
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /Resolved/ })
      .click();
    await threads.getByRole('button', { name: 'Reopen' }).click();
    await expect(highlight).toHaveText('within thirty days');

    // Edit around the passage: the highlight follows as typed, and after the save.
    await body.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('Firstly, ');
    await expect(highlight).toHaveText('within thirty days');
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/api/contracts/'),
    );
    await page.getByRole('button', { name: 'Save Draft' }).click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(body).toContainText('Firstly, The Supplier');
    await expect(highlight).toHaveText('within thirty days');

    // A click on the highlight opens its thread.
    await highlight.click();
    await expect(threads.getByRole('combobox', { name: 'Reply' })).toBeVisible();

    // Delete the passage: the thread says so.
    await selectText(page, 'within thirty days ');
    await page.keyboard.press('Backspace');
    await expect(body).toContainText('the goods of the order');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(threads.getByText('Its passage was deleted')).toBeVisible();
    await expect(highlight).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('deleted.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await threads.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('phone.png'), fullPage: true });
  });

  test('text typed but not saved cannot be commented on until saved', async ({ page, account }) => {
    void account;
    await page.goto('/contracts/new');
    await page.getByLabel('Contract Title').fill('Lease');
    const body = page.getByRole('textbox', { name: 'Contract content' });
    await body.click();
    await page.keyboard.type('The rent is 1000 euro.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
    await body.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Payable monthly.');
    await selectText(page, 'Payable monthly');
    await page.getByRole('button', { name: 'Comment on the selection' }).click();
    const form = page.getByRole('form', { name: 'New comment' });
    await form.getByRole('combobox', { name: 'Comment' }).fill('Which day?');
    await form.getByRole('button', { name: 'Post comment' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Save the draft first to comment on text you just wrote',
    );
  });
});
