import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

let addressCounter = 0;

/** The browser's requests come from an address of their own, like a separate person's. */
async function ownAddress(page: Page): Promise<void> {
  addressCounter += 1;
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `172.${16 + (process.pid % 16)}.${addressCounter}.${Math.floor(Math.random() * 250) + 1}`,
  });
}

/** A full-page screenshot at desktop width and at 390 px, with no sideways scroll on the phone. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

test.describe('sign-up', () => {
  test('refuses a common password and a taken e-mail, then creates the account and greets it', async ({
    page,
  }) => {
    await ownAddress(page);
    const suffix = randomUUID().slice(0, 8);
    const name = `Grace Hopper ${suffix}`;
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in', exact: true }).last()).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByText('Already have an account?')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');
    await shoot(page, 'signup-empty');

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email address').fill(`grace-${suffix}@example.com`);
    await page.getByLabel('Organization name').fill(`Compilers ${suffix}`);
    const meter = page.getByTestId('password-strength');
    const password = page.getByLabel('Password');
    for (const [typed, strength] of [
      ['abc', 'weak'],
      ['password1', 'weak'],
      ['abcdefgh1234', 'fair'],
      ['Tr0ub4dor&3', 'good'],
      ['correct horse battery staple', 'strong'],
    ] as const) {
      await password.fill(typed);
      await expect(meter).toHaveAttribute('data-strength', strength);
    }
    await expect(meter).toContainText('Strength: Strong');

    // A common password: the server refuses it, under the password field.
    await password.fill('Password123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('This password is too common and easy to guess.')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(meter).toHaveAttribute('data-strength', 'too common');
    await shoot(page, 'signup-common-password');

    // A taken e-mail: the message goes under the e-mail field.
    await password.fill('a sturdy new passphrase');
    await expect(page.getByText('This password is too common and easy to guess.')).toHaveCount(0);
    await page.getByLabel('Email address').fill('demo@example.com');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('An account with this email already exists')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');

    // Busy while the account is being made, then on the dashboard, signed in.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/sign-up', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email address').fill(`grace-${suffix}@example.com`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('button', { name: 'Create account' })).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText(`Welcome back, ${name}`)).toBeVisible();

    // Signed in, /signup leads to the dashboard.
    await page.goto('/signup');
    await expect(page).toHaveURL('/dashboard');
  });
});

test.describe('forgot password', () => {
  test('gives the same answer for an e-mail with an account and one without', async ({
    browser,
    account,
  }) => {
    const anonymous = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const visitor = await anonymous.newPage();
    await ownAddress(visitor);
    await visitor.goto('/login');
    await visitor.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(visitor).toHaveURL('/forgot-password');
    await expect(visitor.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await shoot(visitor, 'forgot-password');

    const answers: string[] = [];
    for (const email of [account.email, `nobody-${randomUUID().slice(0, 8)}@example.com`]) {
      await visitor.goto('/forgot-password');
      await visitor.getByLabel('Email address').fill(email);
      await visitor.getByRole('button', { name: 'Send reset link' }).click();
      const status = visitor.getByRole('status');
      await expect(status).toContainText(
        'If an account exists for that e-mail, we sent a link to reset the password. It works for one hour.',
      );
      await expect(visitor.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
      answers.push((await visitor.locator('main').textContent()) ?? '');
    }
    expect(answers[0]).toBe(answers[1]);
    await shoot(visitor, 'forgot-password-sent');
    await anonymous.close();
  });

  test('an unknown link says it cannot be used and leads to a new one', async ({ page }) => {
    await page.goto(`/reset-password/${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByText('This password reset link is not valid. Request a new one.')).toBeVisible();
    await shoot(page, 'reset-password-invalid');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });
});

test.describe('password reset', () => {
  test('the e-mailed link sets a new password once, signs out the old session and signs in', async ({
    page,
    browser,
    account,
    call,
  }) => {
    await ownAddress(page);
    // The account's own browser asks for a link to its own e-mail.
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for that e-mail');

    // Without SMTP the mail stays in the outbox, which the account (its organization's admin) reads.
    type Outbox = { items: { kind: string; status: string; text: string | null }[] };
    let text = '';
    await expect
      .poll(
        async () => {
          const outbox = await call<Outbox>('GET', '/mail/outbox');
          const reset = outbox.items.find((item) => item.kind === 'password_reset' && item.text);
          text = reset?.text ?? '';
          return text;
        },
        { timeout: 15_000 },
      )
      .toContain('/reset-password/');
    const path = /\/reset-password\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    if (!path) throw new Error(`No reset link in: ${text}`);
    expect(text).toContain('Reset your password:');

    const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await fresh.newPage();
    await ownAddress(other);
    await other.goto(path);
    await expect(other.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await shoot(other, 'reset-password');

    const newPassword = other.getByLabel('New password', { exact: true });
    await newPassword.fill('qwerty123');
    await expect(other.getByTestId('password-strength')).toHaveAttribute('data-strength', 'weak');
    await other.getByLabel('Confirm new password').fill('something else');
    await other.getByRole('button', { name: 'Set new password' }).click();
    await expect(other.getByText('The passwords do not match')).toBeVisible();
    await other.getByLabel('Confirm new password').fill('qwerty123');
    await other.getByRole('button', { name: 'Set new password' }).click();
    await expect(other.getByText('This password is too common and easy to guess.')).toBeVisible();
    await expect(other.getByTestId('password-strength')).toHaveAttribute('data-strength', 'too common');
    await shoot(other, 'reset-password-common');

    await newPassword.fill('a fresh reset passphrase');
    await other.getByLabel('Confirm new password').fill('a fresh reset passphrase');
    await other.getByRole('button', { name: 'Set new password' }).click();
    await expect(other).toHaveURL('/dashboard');
    await expect(other.getByText(`Welcome back, ${account.name}`)).toBeVisible();

    // The session the account had before is over.
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    // The link does not work twice.
    const third = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const again = await third.newPage();
    await again.goto(path);
    await expect(
      again.getByText('This password reset link has already been used. Request a new one.'),
    ).toBeVisible();
    await shoot(again, 'reset-password-used');

    // The new password signs in; the old one does not.
    await page.goto('/login');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await page.getByLabel('Password').fill('a fresh reset passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/dashboard');
    await fresh.close();
    await third.close();
  });
});
