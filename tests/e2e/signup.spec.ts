import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accessLinkFor, confirmationLinkFor } from './server-log';

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

type Outbox = {
  items: { kind: string; to: { email: string }; subject: string | null; text: string | null }[];
};

test.describe('sign-up', () => {
  test('refuses a common password, asks to confirm the e-mail, and the link creates the account and signs in', async ({
    page,
    browser,
  }) => {
    // The whole sign-up, with a screenshot of each screen at two widths: longer than one step.
    test.slow();
    await ownAddress(page);
    const suffix = randomUUID().slice(0, 8);
    const name = `Grace Hopper ${suffix}`;
    const email = `grace-${suffix}@example.com`;
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
    await page.getByLabel('Email address').fill(email);
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

    // Busy while the request is made, then: check your e-mail. No account and no session yet.
    await password.fill('a sturdy new passphrase');
    await expect(page.getByText('This password is too common and easy to guess.')).toHaveCount(0);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/sign-up', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('button', { name: 'Create account' })).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(
      'Check your e-mail: we sent a link to finish creating your account. It works for 24 hours.',
    );
    await expect(page.getByRole('status')).toContainText(email);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await shoot(page, 'signup-check-email');

    // The link, opened in another browser, asks for the password chosen at sign-up (the link
    // proves the mailbox, not that this person asked), then makes the account and lands on its dashboard.
    const link = await confirmationLinkFor(email);
    const mailbox = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const reader = await mailbox.newPage();
    await ownAddress(reader);
    await reader.goto(link);
    await expect(reader.getByRole('heading', { name: 'Enter your password to finish' })).toBeVisible();
    await expect(reader.getByText('Enter the password you chose when you signed up')).toBeVisible();
    const given = reader.getByLabel('Password');
    await expect(given).toBeFocused();
    await expect(given).toHaveAttribute('type', 'password');
    await expect(given).toHaveAttribute('autocomplete', 'current-password');
    await shoot(reader, 'confirm-email-password');
    await given.fill('not the one I chose');
    await reader.getByRole('button', { name: 'Create my account' }).click();
    await expect(reader.getByRole('alert')).toHaveText(
      'That is not the password you chose when you signed up. Check it and try again.',
    );
    await expect(given).toHaveAttribute('aria-invalid', 'true');
    await expect(given).toHaveAccessibleDescription(
      'That is not the password you chose when you signed up. Check it and try again.',
    );
    await shoot(reader, 'confirm-email-password-wrong');
    expect((await reader.request.get('/api/auth/me')).status()).toBe(401);
    await given.fill('a sturdy new passphrase');
    await expect(given).not.toHaveAttribute('aria-invalid', 'true');
    await given.press('Enter');
    await expect(reader).toHaveURL('/dashboard');
    await expect(reader.getByText(`Welcome back, ${name}`)).toBeVisible();
    // A new account's address is confirmed: no banner asks for it.
    await expect(reader.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);

    // The link works once, and says so.
    const again = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const late = await again.newPage();
    await late.goto(link);
    await expect(late.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await expect(
      late.getByText('This confirmation link has already been used. If your account exists, sign in.'),
    ).toBeVisible();
    await shoot(late, 'confirm-email-used');

    // Signed in, /signup leads to the dashboard.
    await reader.goto('/signup');
    await expect(reader).toHaveURL('/dashboard');
    await mailbox.close();
    await again.close();
  });

  test('the link opened in the browser that signed up needs no password', async ({ page }) => {
    await ownAddress(page);
    const suffix = randomUUID().slice(0, 8);
    const email = `same-browser-${suffix}@example.com`;
    await page.goto('/signup');
    await page.getByLabel('Name', { exact: true }).fill(`Hedy Lamarr ${suffix}`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Organization name').fill(`Frequencies ${suffix}`);
    await page.getByLabel('Password').fill('a sturdy new passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await page.goto(await confirmationLinkFor(email));
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText(`Welcome back, Hedy Lamarr ${suffix}`)).toBeVisible();
  });

  test('a taken address gets the same screen, and its owner gets a notice instead', async ({
    browser,
    account,
    call,
  }) => {
    const answers: string[] = [];
    for (const email of [account.email, `someone-new-${randomUUID().slice(0, 8)}@example.com`]) {
      const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const page = await stranger.newPage();
      await ownAddress(page);
      await page.goto('/signup');
      await page.getByLabel('Name', { exact: true }).fill('Mallory Stranger');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Organization name').fill('Takeover Ltd');
      await page.getByLabel('Password').fill('a stranger passphrase');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
      answers.push(((await page.locator('main').textContent()) ?? '').replace(email, '<email>'));
      await stranger.close();
    }
    expect(answers[0]).toBe(answers[1]);

    // The owner reads the notice in their organization's outbox (this server has no SMTP).
    let notice: Outbox['items'][number] | undefined;
    await expect
      .poll(
        async () => {
          const outbox = await call<Outbox>('GET', '/mail/outbox');
          notice = outbox.items.find((item) => item.kind === 'sign_up_attempt' && item.text);
          return notice?.to.email ?? '';
        },
        { timeout: 15_000 },
      )
      .toBe(account.email);
    expect(notice?.subject).toBe('Someone tried to create a Pactum account with your e-mail');
    expect(notice?.text).toContain('If it was you: sign in with your password, or reset it');
  });

  test('an unknown confirmation link says it cannot be used', async ({ page }) => {
    await page.goto(`/confirm-email/${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByText('This confirmation link is not valid.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account again' })).toHaveAttribute(
      'href',
      '/signup',
    );
    await shoot(page, 'confirm-email-unknown');
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
    // Three browsers, five password hashes and a mail round trip: over 30 s on a busy machine.
    test.setTimeout(90_000);
    await ownAddress(page);
    // The account's own browser asks for a link to its own e-mail.
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for that e-mail');

    // Without SMTP the mail stays in the outbox, which the account (its organization's admin)
    // reads, without the link; the demo server prints the link to its log.
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
      .toContain('Reset your password: (the link went only to the recipient and is not kept here)');
    expect(text).not.toContain('/reset-password/');
    const path = await accessLinkFor(account.email, 'reset-password');

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
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await page.getByLabel('Password').fill('a fresh reset passphrase');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
    await fresh.close();
    await third.close();
  });
});
