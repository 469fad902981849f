import { expect, test } from './fixtures';
import { sendTimeout } from './waits';

type Created = { id: string; title: string };

test.describe('contracts list', () => {
  test('searches, filters, sorts and pages through every contract', async ({ page, account, call }) => {
    void account;
    const titles = Array.from({ length: 23 }, (_, index) => `Order ${String(index + 1).padStart(2, '0')}`);
    for (const title of titles) await call('POST', '/contracts', { title });
    const nda = await call<Created>('POST', '/contracts', {
      title: 'Zeta NDA',
      // A CC takes no action: the row counts only who must act.
      signers: [
        { name: 'Sam Signer', email: 'sam@example.com' },
        { name: 'Cara Copy', email: 'cara@example.com', role: 'cc' },
      ],
    });
    await call('POST', `/contracts/${nda.id}/send`, { sequential: false });

    await page.goto('/contracts');
    await expect(page.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible();
    const rows = page.getByRole('list', { name: 'Contracts' }).getByRole('listitem');
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText('Zeta NDA');
    await expect(rows.first()).toContainText('0 of 1 signed');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(24);
    await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('contracts-desktop.png') });

    await page.getByLabel('Sort by').selectOption('title');
    await expect(rows.first()).toContainText('Order 01');
    await expect(page).toHaveURL(/sort=title/);

    await page.getByLabel('Search by title').fill('nda');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Zeta NDA');
    await page.getByLabel('Search by title').fill('');
    await page.getByLabel('Status').selectOption('sent');
    await expect(rows).toHaveCount(1);
    await page.getByLabel('Status').selectOption('signed');
    await expect(page.getByText('No contracts match')).toBeVisible();

    // The filters live in the address: a reload keeps them.
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('signed');
    await expect(page.getByLabel('Sort by')).toHaveValue('title');
  });

  test('duplicates, saves as template, deletes a draft and cancels a sent contract from a row', async ({
    page,
    account,
    call,
  }) => {
    void account;
    await call('POST', '/contracts', { title: 'Draft lease' });
    const sent = await call<Created>('POST', '/contracts', {
      title: 'Sent lease',
      signers: [{ name: 'Sam Signer', email: 'sam@example.com' }],
    });
    await call('POST', `/contracts/${sent.id}/send`, { sequential: false });
    await page.goto('/contracts');
    const rows = page.getByRole('list', { name: 'Contracts' }).getByRole('listitem');

    await page.getByRole('button', { name: 'Actions for Draft lease' }).click();
    await page.getByRole('menuitem', { name: 'Save as template' }).click();
    await expect(page.getByRole('status')).toContainText('"Draft lease" was saved as a template');

    await page.getByRole('button', { name: 'Actions for Sent lease' }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete…' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Cancel…' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel "Sent lease"?' });
    await cancel.getByLabel('Reason').fill('Terms changed');
    await cancel.getByRole('button', { name: 'Cancel contract' }).click();
    await expect(cancel).toBeHidden();
    await expect(rows.filter({ hasText: 'Sent lease' })).toContainText('Canceled');

    await page.getByRole('button', { name: 'Actions for Draft lease' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete draft' }).click();
    await expect(rows.filter({ hasText: 'Draft lease' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Actions for Sent lease' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Contract Title')).toHaveValue('Sent lease (copy)');
  });

  test('a copy asks the sender to set or remove the access codes it did not copy before it is sent', async ({
    page,
    account,
    call,
  }) => {
    void account;
    await call('POST', '/contracts', {
      title: 'Coded lease',
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The tenant rents the flat.' }] }],
      },
      signers: [
        { name: 'Wiktoria Kowalczyk', email: 'wiktoria@example.com', accessCode: 'orchard-42' },
        { name: 'Sam Signer', email: 'sam@example.com' },
      ],
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/contracts');
    await page.getByRole('button', { name: 'Actions for Coded lease' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(page.getByLabel('Contract Title')).toHaveValue('Coded lease (copy)');

    const signersCard = page.getByRole('list', { name: 'Signers' });
    await expect(signersCard.getByText('asked Wiktoria Kowalczyk for an access code')).toBeVisible();
    const send = page.getByRole('button', { name: 'Send for Signing' });
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription(/^Set a new access code for Wiktoria Kowalczyk/);
    await page.screenshot({ path: test.info().outputPath('copy-waits-for-code-390.png'), fullPage: true });

    // Removing the code is a choice too: then the copy goes out without one.
    await signersCard.getByRole('checkbox', { name: 'Require access code' }).first().uncheck();
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText('Sent', { exact: true })).toBeVisible(sendTimeout);
  });

  test('shows the empty state, and fits a phone', async ({ page, account }) => {
    void account;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/contracts');
    await expect(page.getByText('No contracts yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Contract' })).toHaveAttribute(
      'href',
      '/contracts/new',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('contracts-phone-empty.png'), fullPage: true });
  });
});
