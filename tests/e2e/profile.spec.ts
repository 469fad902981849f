import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { signaturePng } from '../../src/server/pdf/sample-signature';
import { type Account, expect, jobTimeout, test } from './fixtures';
import { confirmationLinkFor } from './server-log';

const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const linuxFirefox = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

let address = 0;
/** A client address of its own, so sign-in throttling sees separate people. */
function freshAddress(): string {
  address += 1;
  return `10.77.${process.pid % 250}.${address % 250}`;
}

/** The same account signed in from another browser. */
async function signInElsewhere(
  browser: Browser,
  account: Account,
  userAgent: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent });
  const response = await context.request.post('/api/auth/sign-in', {
    data: { email: account.email, password: account.password },
    headers: { 'x-forwarded-for': freshAddress() },
  });
  expect(response.status()).toBe(200);
  return context;
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  return page.getByRole('menu');
}

const topBarAvatar = (page: Page) => page.getByRole('button', { name: 'Open user menu' }).locator('img');

test.describe('profile', () => {
  test('changes the name and the e-mail, which the top bar menu then shows', async ({ page, account }) => {
    // A confirmation mailed and followed, then the session refreshed: a long flow on a busy machine.
    test.setTimeout(120_000);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile', level: 1 })).toBeVisible();
    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details.getByLabel('Full name')).toHaveValue(account.name);
    await expect(details.getByLabel('Email')).toHaveValue(account.email);
    await expect(details.getByRole('button', { name: 'Save details' })).toBeDisabled();
    await expect(details.getByLabel('Current password')).toHaveCount(0);

    await details.getByLabel('Full name').fill('Augusta Ada King');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(details.getByText('Your details were saved.')).toBeVisible();
    let menu = await openUserMenu(page);
    await expect(menu.getByText('Augusta Ada King')).toBeVisible();
    await page.keyboard.press('Escape');

    // A new e-mail asks for the current password; a wrong one is refused, and nothing typed is lost.
    const newEmail = `countess-${account.email}`;
    await details.getByLabel('Email').fill(newEmail);
    await details.getByLabel('Current password').fill('not my password');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(details.getByText('The current password is not correct')).toBeVisible();
    await expect(details.getByLabel('Email')).toHaveValue(newEmail);
    await details.getByLabel('Current password').fill(account.password);
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(details.getByText('Your details were saved.')).toBeVisible();
    await expect(details.getByLabel('Current password')).toHaveCount(0);

    // Not yet: the address changes when the link mailed to it is opened.
    const pending = details.getByRole('status').filter({ hasText: 'We sent a link to' });
    await expect(pending).toContainText(`We sent a link to ${newEmail}`);
    await expect(pending).toContainText(`until then you sign in with ${account.email}`);
    await expect(details.getByLabel('Email')).toHaveValue(account.email);
    menu = await openUserMenu(page);
    await expect(menu.getByText(account.email)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: test.info().outputPath('profile-email-pending.png'), fullPage: true });

    await page.goto(await confirmationLinkFor(newEmail));
    await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`Your account now uses ${newEmail}`);
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(details.getByLabel('Email')).toHaveValue(newEmail);
    await expect(pending).toHaveCount(0);
    // The top bar may still be taking the refreshed session when the menu first opens.
    await expect(async () => {
      await page.keyboard.press('Escape');
      menu = await openUserMenu(page);
      await expect(menu.getByText(newEmail)).toBeVisible({ timeout: 5_000 });
    }).toPass(jobTimeout);
  });

  test('uploads an avatar that the top bar shows at once, and removes it', async ({ page, account }) => {
    void account;
    await page.goto('/profile');
    const avatar = page.getByRole('region', { name: 'Avatar' });
    await expect(page.getByTestId('default-avatar')).toBeVisible();
    await expect(topBarAvatar(page)).toHaveCount(0);

    // Checked before anything is sent: the type and the size.
    await avatar.locator('input[type=file]').setInputFiles({
      name: 'drawing.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expect(avatar.getByRole('alert')).toHaveText('Choose a PNG, JPEG or WebP image.');
    await avatar.locator('input[type=file]').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([signaturePng(64, 64), Buffer.alloc(250 * 1024)]),
    });
    await expect(avatar.getByRole('alert')).toContainText('The image must be at most 200 KB');

    await avatar.locator('input[type=file]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: signaturePng(96, 96),
    });
    await expect(avatar.getByRole('img', { name: 'Your avatar' })).toBeVisible();
    await expect(avatar.getByRole('alert')).toHaveCount(0);
    await expect(topBarAvatar(page)).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByTestId('default-avatar')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('profile-avatar-desktop.png'), fullPage: true });

    // Still there after a reload: it is stored on the server.
    await page.reload();
    await expect(topBarAvatar(page)).toBeVisible();
    await avatar.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('default-avatar')).toBeVisible();
    await expect(topBarAvatar(page)).toHaveCount(0);
    await expect(avatar.getByRole('img', { name: 'No avatar' })).toBeVisible();
  });

  test('changes the password: a wrong current one is refused, then the new one signs in', async ({
    page,
    account,
  }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshAddress() });
    await page.goto('/profile');
    const password = page.getByRole('region', { name: 'Password' });
    const newPassword = 'a quite different passphrase';
    await password.getByLabel('Current password').fill('not my password');
    await password.getByLabel('New password', { exact: true }).fill(newPassword);
    await password.getByLabel('Confirm new password').fill(`${newPassword}!`);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('The passwords do not match')).toBeVisible();
    await password.getByLabel('Confirm new password').fill(newPassword);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('The current password is not correct')).toBeVisible();
    await expect(password.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await expect(password.getByLabel('New password', { exact: true })).toHaveValue(newPassword);
    await expect(password.getByLabel('Confirm new password')).toHaveValue(newPassword);
    // The top bar is fixed: scrolled down, a full-page screenshot would show it mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: test.info().outputPath('profile-password-error-desktop.png'),
      fullPage: true,
    });

    await password.getByLabel('Current password').fill(account.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(
      password.getByText('Your password was changed. Other devices were signed out.'),
    ).toBeVisible();
    await expect(password.getByLabel('Current password')).toHaveValue('');

    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('lists the sessions and signs the other ones out', async ({ page, account, browser }) => {
    const phone = await signInElsewhere(browser, account, iphoneSafari);
    const laptop = await signInElsewhere(browser, account, linuxFirefox);
    try {
      await page.goto('/profile');
      const sessions = page.getByRole('region', { name: 'Active sessions' });
      const rows = sessions.getByRole('listitem');
      await expect(rows).toHaveCount(3);
      await expect(rows.first()).toContainText('This device');
      await expect(rows.first().getByRole('button', { name: 'Sign out' })).toHaveCount(0);
      const phoneRow = rows.filter({ hasText: 'Safari on iOS' });
      await expect(phoneRow).not.toContainText('This device');
      await expect(rows.filter({ hasText: 'Firefox on Linux' })).toHaveCount(1);
      await page.screenshot({ path: test.info().outputPath('profile-desktop.png'), fullPage: true });

      await phoneRow.getByRole('button', { name: 'Sign out' }).click();
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: 'Safari on iOS' })).toHaveCount(0);
      expect((await phone.request.get('/api/auth/me')).status()).toBe(401);
      expect((await laptop.request.get('/api/auth/me')).status()).toBe(200);

      await sessions.getByRole('button', { name: 'Sign out all other sessions' }).click();
      await expect(rows).toHaveCount(1);
      await expect(sessions.getByText('You are not signed in anywhere else.')).toBeVisible();
      await expect(sessions.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
      expect((await laptop.request.get('/api/auth/me')).status()).toBe(401);
      // This one keeps working.
      await page.reload();
      await expect(rows).toHaveCount(1);
    } finally {
      await phone.close();
      await laptop.close();
    }
  });

  test('passes the WCAG 2.1 AA checks, with an error shown', async ({ page, account }) => {
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(1);
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill(`${account.password} wrong`);
    await password.getByLabel('New password', { exact: true }).fill('a quite different passphrase');
    await password.getByLabel('Confirm new password').fill('a quite different passphrase');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('The current password is not correct')).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test('fits a phone without sideways scrolling', async ({ page, account, browser }) => {
    const phone = await signInElsewhere(browser, account, iphoneSafari);
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/profile');
      await page
        .getByRole('region', { name: 'Avatar' })
        .locator('input[type=file]')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: signaturePng(96, 96) });
      await expect(topBarAvatar(page)).toBeVisible();
      const details = page.getByRole('region', { name: 'Your details' });
      await details.getByLabel('Email').fill(`a-much-longer-address-than-before-${account.email}`);
      await details.getByLabel('Current password').fill('not my password');
      await details.getByRole('button', { name: 'Save details' }).click();
      await expect(details.getByText('The current password is not correct')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(
        2,
      );
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: test.info().outputPath('profile-phone.png'), fullPage: true });
    } finally {
      await phone.close();
    }
  });
});
