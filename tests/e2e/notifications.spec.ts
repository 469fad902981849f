import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accessLinkFor } from './server-log';

/** The page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.viewport);
}

test.describe('notifications and the mail outbox', () => {
  test('a new organization has no mail and no notifications yet', async ({ page, account }) => {
    void account;
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
    await expect(page).toHaveURL('/mail');
    await expect(page.getByRole('heading', { name: 'Mail outbox', level: 1 })).toBeVisible();
    await expect(page.getByText('No mail yet')).toBeVisible();

    const bell = page.getByRole('button', { name: 'Notifications' });
    await expect(page.getByTestId('notifications-badge')).toBeHidden();
    await bell.click();
    await expect(
      page.getByRole('menu', { name: 'Notifications' }).getByText('No notifications yet'),
    ).toBeVisible();
  });

  test('an admin reads the invitation in the outbox without its link, and the bell rings live when the signer opens it', async ({
    page,
    browser,
    account,
    call,
  }) => {
    void account;
    test.setTimeout(60_000);
    const title = `Consulting Agreement ${randomUUID().slice(0, 8)}`;
    const bob = `bob-${randomUUID().slice(0, 8)}@example.com`;
    const contract = await call<{ id: string }>('POST', '/contracts', {
      title,
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Advice, by the hour.' }] }],
      },
      signers: [{ name: 'Bob Signer', email: bob }],
    });
    await call('POST', `/contracts/${contract.id}/send`, { sequential: false });

    // Without SMTP the invitation stays in the outbox, where an admin reads it, but not its link:
    // that reaches the signer only (here, the demo server's log).
    await page.goto('/mail');
    await expect(page.getByRole('note')).toContainText('No SMTP server is set up');
    const messages = page.getByRole('list', { name: 'Messages' });
    const invitation = messages.getByRole('button', { name: new RegExp(`sent you "${title}" to sign`) });
    await expect(invitation).toContainText('Held');
    await expect(invitation).toContainText('Invitation');
    await invitation.click();
    await expect(page.getByRole('heading', { name: new RegExp(title), level: 2 })).toBeVisible();
    const body = page.getByTestId('message-text');
    await expect(body).toContainText('Hello Bob Signer,');
    await expect(body).toContainText(
      'Review and sign: (the link went only to the recipient and is not kept here)',
    );
    await expect(body.getByRole('link', { name: /\/sign\// })).toHaveCount(0);
    const frame = page.locator('iframe[title="The e-mail as HTML"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    const html = page.frameLocator('iframe[title="The e-mail as HTML"]');
    await expect(html.getByText('Review and sign: the link went only to the recipient')).toBeVisible();
    await expect(html.getByRole('link', { name: 'Review and sign' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('outbox-desktop.png'), fullPage: true });
    await frame.scrollIntoViewIfNeeded();
    await frame.screenshot({ path: test.info().outputPath('outbox-desktop-html.png') });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'All mail' })).toBeVisible();
    await expect(messages).toBeHidden();
    await expectNoSidewaysScroll(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath('outbox-phone-message.png'), fullPage: true });
    await frame.scrollIntoViewIfNeeded();
    await frame.screenshot({ path: test.info().outputPath('outbox-phone-html.png') });
    await page.getByRole('button', { name: 'All mail' }).click();
    await expect(invitation).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('outbox-phone-list.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The signer opens the link in a browser of their own: the owner's bell rings without a reload.
    const badge = page.getByTestId('notifications-badge');
    await expect(badge).toBeHidden();
    const signer = await browser.newContext();
    const signerPage = await signer.newPage();
    await signerPage.goto(new URL(await accessLinkFor(bob, 'sign'), page.url()).href);
    await expect(signerPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await signer.close();
    await expect(badge).toHaveText('1', { timeout: 15_000 });
    // The bell's name holds the badge's text, as WCAG's label-in-name asks.
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Notifications' }).click();
    const menu = page.getByRole('menu', { name: 'Notifications' });
    const item = menu.getByRole('menuitem', { name: `Bob Signer opened "${title}"` });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('href', `/contracts/${contract.id}`);
    await expect(item).toContainText(/ago/);
    await expect(badge).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('notifications-menu-desktop.png') });

    // Read now: the badge stays away after a reload, and the item leads to the contract.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(badge).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(item).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('notifications-menu-phone.png') });
    await item.click();
    await expect(page).toHaveURL(`/contracts/${contract.id}`);
  });

  test('a member is told that only an admin reads the mail outbox', async ({ page, account }) => {
    void account;
    // The signed-up account is an admin: answer as the API answers a member.
    await page.route('**/api/mail/outbox', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'FORBIDDEN', message: 'Only an admin can read the mail outbox' },
        }),
      }),
    );
    await page.goto('/mail');
    await expect(page.getByRole('heading', { name: 'Only an admin can read the mail outbox' })).toBeVisible();
  });
});
