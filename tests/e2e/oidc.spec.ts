import type { Page } from '@playwright/test';
import { expect, test } from './oidc-app';
import { jobTimeout } from './waits';

/** The provider's own development login and consent pages. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: /continue/i }).click();
}

test.describe('Sign in with Google (OpenID Connect)', () => {
  test('creates an account on the first sign-in and signs the same person in again', async ({
    browser,
    oidcApp,
  }) => {
    const login = `grace${Date.now()}`;
    const context = await browser.newContext({ baseURL: oidcApp.baseURL });
    const page = await context.newPage();
    await page.goto('/login?next=%2Fcontracts');
    const google = page.getByRole('link', { name: 'Google' });
    await expect(google).toBeVisible();
    // Microsoft is not configured on this server: still a disabled button.
    await expect(page.getByRole('button', { name: 'Microsoft' })).toHaveAttribute('aria-disabled', 'true');
    await google.click();
    await expect(page).toHaveURL(new RegExp(`^${oidcApp.issuer}/`));
    await signInAtProvider(page, login);
    await expect(page).toHaveURL(`${oidcApp.baseURL}/contracts`);
    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({
      user: { email: `${login}@example.com`, name: expect.stringContaining('Example') },
    });

    await page.request.post('/api/auth/sign-out');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Google' }).click();
    // The provider remembers the person: straight back, signed in to the same account.
    await expect(page).toHaveURL(/\/dashboard$|\/interaction\//);
    if (page.url().includes('/interaction/')) await signInAtProvider(page, login);
    await expect(page).toHaveURL(`${oidcApp.baseURL}/dashboard`);
    const again = await (await page.request.get('/api/auth/me')).json();
    expect(again.user.email).toBe(`${login}@example.com`);
    await context.close();
  });

  test('refuses to sign in to an existing account when the provider did not verify the address', async ({
    browser,
    oidcApp,
  }) => {
    const login = `owner${Date.now()}`;
    const context = await browser.newContext({ baseURL: oidcApp.baseURL });
    const page = await context.newPage();
    // The owner's account, made by a sign-in with a confirmed address.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Google' }).click();
    await signInAtProvider(page, login);
    await expect(page).toHaveURL(`${oidcApp.baseURL}/dashboard`);
    await context.close();

    // Someone else claims the same address at a provider that did not confirm it.
    const other = await browser.newContext({ baseURL: oidcApp.baseURL });
    const stranger = await other.newPage();
    await stranger.goto('/login');
    await stranger.getByRole('link', { name: 'Google' }).click();
    await signInAtProvider(stranger, `unverified+${login}`);
    await expect(stranger).toHaveURL(/\/login\?error=unverified$/);
    await expect(stranger.getByRole('alert')).toContainText('the provider did not confirm the address');
    expect((await other.request.get('/api/auth/me')).status()).toBe(401);
    await other.close();
  });

  test('never lands in an account whose address was never confirmed (pre-takeover); the mailbox owner takes it back with a reset', async ({
    browser,
    oidcApp,
  }) => {
    test.setTimeout(120_000);
    const victim = `victim${Date.now()}`;
    // Someone makes an account with the victim's address first, at a provider that does not confirm it.
    const attacker = await browser.newContext({ baseURL: oidcApp.baseURL });
    const squat = await attacker.newPage();
    await squat.goto('/login');
    await squat.getByRole('link', { name: 'Google' }).click();
    await signInAtProvider(squat, `unverified+${victim}`);
    await expect(squat).toHaveURL(`${oidcApp.baseURL}/dashboard`);
    const banner = squat.getByRole('region', { name: 'Confirm your e-mail address' });
    await expect(banner).toContainText(`Please confirm your e-mail address, ${victim}@example.com`);
    await squat.screenshot({ path: test.info().outputPath('unconfirmed-banner-desktop.png') });
    await squat.setViewportSize({ width: 390, height: 844 });
    expect(await squat.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await squat.screenshot({ path: test.info().outputPath('unconfirmed-banner-phone.png') });
    await squat.setViewportSize({ width: 1280, height: 900 });

    // The victim signs in with Google, which confirms the address: refused, and told why.
    const own = await browser.newContext({ baseURL: oidcApp.baseURL });
    const page = await own.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Google' }).click();
    await signInAtProvider(page, victim);
    await expect(page).toHaveURL(/\/login\?error=account_unverified$/);
    await expect(page.getByRole('alert')).toContainText('its address was never confirmed');
    await expect(page.getByRole('alert')).toContainText('reset the password');
    expect((await own.request.get('/api/auth/me')).status()).toBe(401);
    await page.screenshot({ path: test.info().outputPath('account-unverified-login.png') });

    // The squatter mails a confirmation link to the address: a click on it, signed out, confirms nothing.
    await banner.getByRole('button', { name: 'Send me a link' }).click();
    await expect(banner).toContainText(`We sent a link to ${victim}@example.com`);
    const mailTo = async (subject: string) => {
      await expect
        .poll(
          () => oidcApp.peer.to(`${victim}@example.com`).filter((mail) => mail.subject === subject).length,
          jobTimeout,
        )
        .toBeGreaterThan(0);
      return oidcApp.peer
        .to(`${victim}@example.com`)
        .filter((mail) => mail.subject === subject)
        .at(-1);
    };
    const confirmation = await mailTo('Confirm your e-mail address for Pactum');
    await page.goto(/\/confirm-email\/[A-Za-z0-9_-]{43}/.exec(confirmation?.text ?? '')?.[0] ?? '');
    await expect(page.getByRole('heading', { name: 'Sign in to confirm your e-mail' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('confirm-email-sign-in-first.png') });

    // The owner of the mailbox resets the password instead: the account is theirs, confirmed, and
    // the squatter is signed out.
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill(`${victim}@example.com`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const reset = await mailTo('Reset your Pactum password');
    await page.goto(/\/reset-password\/[A-Za-z0-9_-]{43}/.exec(reset?.text ?? '')?.[0] ?? '');
    await page.getByLabel('New password', { exact: true }).fill('the rightful owner passphrase');
    await page.getByLabel('Confirm new password').fill('the rightful owner passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(`${oidcApp.baseURL}/dashboard`);
    await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
    expect((await attacker.request.get('/api/auth/me')).status()).toBe(401);
    await page.request.post('/api/auth/sign-out');

    // Now the provider's sign-in lands in the owner's account.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Google' }).click();
    await expect(page).toHaveURL(/\/dashboard$|\/interaction\//);
    if (page.url().includes('/interaction/')) await signInAtProvider(page, victim);
    await expect(page).toHaveURL(`${oidcApp.baseURL}/dashboard`);
    expect((await (await page.request.get('/api/auth/me')).json()).user.email).toBe(`${victim}@example.com`);
    await attacker.close();
    await own.close();
  });

  test('a callback without the browser that started it signs nobody in', async ({ browser, oidcApp }) => {
    const context = await browser.newContext({ baseURL: oidcApp.baseURL });
    const page = await context.newPage();
    await page.goto('/api/auth/oidc/google/callback?code=stolen&state=forged');
    await expect(page).toHaveURL(/\/login\?error=expired$/);
    await expect(page.getByRole('alert')).toContainText('took too long or was started in another browser');
    await context.close();
  });
});
