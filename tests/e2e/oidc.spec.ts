import type { Page } from '@playwright/test';
import { expect, test } from './oidc-app';

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
    const login = `unverified${Date.now()}`;
    const context = await browser.newContext({ baseURL: oidcApp.baseURL });
    const signUp = await context.request.post('/api/auth/sign-up', {
      data: {
        name: 'Owner',
        email: `${login}@example.com`,
        password: 'quiet harbor lantern 42',
        organizationName: 'Owned',
      },
      headers: { 'x-forwarded-for': `10.77.1.${Math.floor(Math.random() * 250)}` },
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    await context.request.post('/api/auth/sign-out');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Google' }).click();
    await signInAtProvider(page, login);
    await expect(page).toHaveURL(/\/login\?error=unverified$/);
    await expect(page.getByRole('alert')).toContainText('the provider did not confirm the address');
    expect((await context.request.get('/api/auth/me')).status()).toBe(401);
    await context.close();
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
