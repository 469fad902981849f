import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer';
import { freePort, spawnServer } from './spawned-server';

/**
 * Two-factor sign-in in Chromium, on a server of this worker's own with real mail. Its APP_URL is
 * http://localhost:…: a passkey's relying party must be a domain name (browsers refuse an IP
 * address such as 127.0.0.1), and localhost is one browsers trust without TLS.
 */
type TwoFactorApp = { baseURL: string; peer: SmtpPeer };
const test = base.extend<object, { twoFactorApp: TwoFactorApp }>({
  twoFactorApp: [
    async ({ browserName }, use) => {
      void browserName;
      const peer = await startSmtpPeer();
      const port = await freePort();
      const baseURL = `http://localhost:${port}`;
      const server = await spawnServer(port, { SMTP_URL: peer.url, APP_URL: baseURL });
      await use({ baseURL, peer });
      server.stop();
      await peer.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const shots = `${process.env.PW_SHOTS_DIR ?? 'test-results'}/two-factor`;
mkdirSync(shots, { recursive: true });
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `10.91.${process.pid % 250}.${addressCounter % 250}`;
};

type Person = { name: string; email: string; password: string };

/** Waits for the newest mail to `email` whose text has a link with `path`, and answers its token. */
async function tokenMailed(peer: SmtpPeer, email: string, path: string): Promise<string> {
  let token = '';
  await expect
    .poll(
      () => {
        const pattern = new RegExp(`${path}/([A-Za-z0-9_-]{43})`);
        const mail = [...peer.to(email)].reverse().find((item) => pattern.test(item.text ?? ''));
        token = pattern.exec(mail?.text ?? '')?.[1] ?? '';
        return token;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return token;
}

/** The real sign-up: the request, the e-mailed link, its confirmation (which signs this context in). */
async function signUp(request: APIRequestContext, peer: SmtpPeer): Promise<Person> {
  const suffix = randomUUID().slice(0, 8);
  const person = {
    name: `Grace Hopper ${suffix}`,
    email: `grace-${suffix}@example.com`,
    password: 'a long enough passphrase',
  };
  const headers = { 'x-forwarded-for': freshAddress() };
  const asked = await request.post('/api/auth/sign-up', {
    data: { ...person, organizationName: `Compilers ${suffix}` },
    headers,
  });
  expect(asked.ok()).toBe(true);
  const token = await tokenMailed(peer, person.email, '/confirm-email');
  expect((await request.post('/api/auth/sign-up/confirm', { data: { token }, headers })).ok()).toBe(true);
  return person;
}

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

async function signOut(page: Page) {
  expect((await page.request.post('/api/auth/sign-out')).status()).toBe(204);
}

async function passwordStep(page: Page, person: Person) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Chromium's virtual authenticator (CDP): a platform passkey that verifies the person. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

test.describe('two-factor sign-in', () => {
  test.setTimeout(120_000);

  test('an authenticator app: set up with its QR code, then a code and a recovery code sign in', async ({
    browser,
    twoFactorApp,
  }) => {
    const context = await browser.newContext({
      baseURL: twoFactorApp.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const person = await signUp(page.request, twoFactorApp.peer);

    await page.goto('/profile');
    const security = page.getByRole('region', { name: 'Security' });
    await expect(security.getByText('Two-factor sign-in off')).toBeVisible();
    await security.getByRole('button', { name: 'Set up' }).click();
    await expect(security.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = ((await security.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shoot(page, 'totp-setup');

    await security.getByLabel('Code from the app').fill('000000');
    await security.getByRole('button', { name: 'Turn on' }).click();
    await expect(security.getByText(/That code is not right/)).toBeVisible();
    await security.getByLabel('Code from the app').fill(codeAt(secret, Date.now()));
    await security.getByRole('button', { name: 'Turn on' }).click();
    const codes = security.getByTestId('recovery-code');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allTextContents();
    await shoot(page, 'recovery-codes');
    await security.getByRole('button', { name: 'I have saved them' }).click();
    await expect(security.getByText('Two-factor sign-in on')).toBeVisible();
    await expect(security.getByTestId('recovery-codes-left')).toHaveText(/^10 of 10 left/);

    // Sign out, and in again: the password leads to the second step.
    await signOut(page);
    await passwordStep(page, person);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await shoot(page, 'second-step');
    await page.getByLabel('Code from your authenticator app').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(/That code is not right, or was already used/)).toBeVisible();
    // The enrollment used the current time step; the app's next code is accepted (one step ahead).
    await page.getByLabel('Code from your authenticator app').fill(codeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // And with a recovery code instead.
    await signOut(page);
    await passwordStep(page, person);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    await expect(page.getByTestId('recovery-codes-left')).toHaveText(/^9 of 10 left/);

    // The sessions list names the device and when it was last active; the new browser was mailed about.
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(sessions.getByText('Active now')).toBeVisible();
    await shoot(page, 'profile-security');

    // Turning the app off needs the password (or a code); then the password alone signs in again.
    await security.getByRole('button', { name: 'Turn off' }).click();
    await security.getByLabel('Your current password').fill('not the password');
    await security.getByRole('button', { name: 'Turn off the app' }).click();
    await expect(security.getByText('The current password is not correct')).toBeVisible();
    await security.getByLabel('Your current password').fill(person.password);
    await security.getByRole('button', { name: 'Turn off the app' }).click();
    await expect(security.getByText('Two-factor sign-in off')).toBeVisible();
    // Each change was mailed (on, new codes… off); signing in again from the browser the account
    // was made in was not news.
    const subjects = () => twoFactorApp.peer.to(person.email).map((mail) => mail.subject);
    await expect
      .poll(
        () => subjects().filter((subject) => subject === 'Two-factor sign-in changed on your Pactum account'),
        {
          timeout: 20_000,
        },
      )
      .toHaveLength(2);
    expect(subjects()).not.toContain('New sign-in to your Pactum account');

    // A sign-in from another browser is mailed, once the second factor passed.
    const elsewhere = await browser.newContext({ baseURL: twoFactorApp.baseURL });
    const signedIn = await elsewhere.request.post('/api/auth/sign-in', {
      data: { email: person.email, password: person.password },
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(signedIn.status()).toBe(200);
    await expect.poll(subjects, { timeout: 20_000 }).toContain('New sign-in to your Pactum account');
    await elsewhere.close();
    await context.close();
  });

  test('a password reset asks for the second factor before it changes anything, and can revoke API tokens', async ({
    browser,
    twoFactorApp,
  }) => {
    const owner = await browser.newContext({ baseURL: twoFactorApp.baseURL });
    const ownerPage = await owner.newPage();
    const person = await signUp(ownerPage.request, twoFactorApp.peer);
    const started = await ownerPage.request.post('/api/profile/two-factor/totp');
    const { secret } = await started.json();
    const enrolled = await ownerPage.request.post('/api/profile/two-factor/totp/confirm', {
      data: { code: codeAt(secret, Date.now()) },
    });
    expect(enrolled.ok()).toBe(true);
    const made = await ownerPage.request.post('/api/api-tokens', { data: { name: 'CRM', scope: 'read' } });
    expect(made.status()).toBe(201);
    const { token: apiToken } = await made.json();
    const asToken = () =>
      owner.request.fetch('/api/contracts', { headers: { authorization: `Bearer ${apiToken}`, cookie: '' } });
    expect((await asToken()).status()).toBe(200);

    const asked = await ownerPage.request.post('/api/auth/password-reset', { data: { email: person.email } });
    expect(asked.status()).toBe(202);
    const token = await tokenMailed(twoFactorApp.peer, person.email, '/reset-password');

    const mailbox = await browser.newContext({
      baseURL: twoFactorApp.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const page = await mailbox.newPage();
    await page.goto(`/reset-password/${token}`);
    const revoke = page.getByLabel(/Also revoke the API token you made/);
    await expect(revoke).toBeChecked();
    await page.getByLabel('New password', { exact: true }).fill('a fresh reset passphrase');
    await page.getByLabel('Confirm new password').fill('a fresh reset passphrase');
    await shoot(page, 'reset-password-tokens');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
    await expect(page.getByText(/only then is the new password set/)).toBeVisible();
    await shoot(page, 'reset-password-second-factor');

    // Nothing changed yet: the owner's session and the token still work.
    expect((await ownerPage.request.get('/api/auth/me')).status()).toBe(200);
    expect((await asToken()).status()).toBe(200);

    await page.getByLabel('Code from your authenticator app').fill(codeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await ownerPage.request.get('/api/auth/me')).status()).toBe(401);
    expect((await asToken()).status()).toBe(401);
    await expect
      .poll(() => twoFactorApp.peer.to(person.email).map((mail) => mail.subject), { timeout: 20_000 })
      .toContain('Your Pactum password was reset');
    await mailbox.close();
    await owner.close();
  });

  test('a passkey: made in Chromium’s virtual authenticator, then it signs in alone and as a second factor', async ({
    browser,
    twoFactorApp,
  }) => {
    const context = await browser.newContext({
      baseURL: twoFactorApp.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await addVirtualAuthenticator(context, page);
    const person = await signUp(page.request, twoFactorApp.peer);

    await page.goto('/profile');
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await security.getByLabel(/Name it/).fill('Work laptop');
    await security.getByRole('button', { name: 'Create passkey' }).click();
    const passkeys = security.getByRole('list', { name: 'Passkeys' });
    await expect(passkeys.getByText('Work laptop')).toBeVisible();
    await expect(passkeys.getByText('never used yet')).toBeVisible();
    await passkeys.getByRole('button', { name: 'Rename Work laptop' }).click();
    await passkeys.getByLabel('Passkey name').fill('My laptop');
    await passkeys.getByRole('button', { name: 'Save' }).click();
    await expect(passkeys.getByText('My laptop')).toBeVisible();
    await shoot(page, 'passkeys');

    // A passkey alone: no e-mail, no password.
    await signOut(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    await shoot(page, 'login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // As the second factor after the password.
    await signOut(page);
    await passwordStep(page, person);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await shoot(page, 'second-step-passkey');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.close();
  });

  test('an organization that requires it keeps a member without it to setting it up', async ({
    browser,
    twoFactorApp,
  }) => {
    const adminContext = await browser.newContext({ baseURL: twoFactorApp.baseURL });
    const admin = await adminContext.newPage();
    await signUp(admin.request, twoFactorApp.peer);

    // Not before the admin has a second factor of their own.
    await admin.goto('/settings/security');
    const section = admin.getByRole('region', { name: 'Two-factor sign-in' });
    // The hint describes the box and is not part of its name.
    const checkbox = section.getByRole('checkbox', {
      name: 'Require two-factor sign-in for everyone in the organization',
      exact: true,
    });
    await expect(checkbox).toHaveAccessibleDescription(
      'To require it of everyone you need it yourself first: set it up in your profile.',
    );
    // A click, not check(): the box is set while the request runs and unset again when it is refused.
    await checkbox.click();
    await expect(section.getByText(/before requiring it of everyone/)).toBeVisible();
    await expect(checkbox).not.toBeChecked();

    const started = await (await admin.request.post('/api/profile/two-factor/totp')).json();
    expect(
      (
        await admin.request.post('/api/profile/two-factor/totp/confirm', {
          data: { code: codeAt(started.secret, Date.now()) },
        })
      ).ok(),
    ).toBe(true);
    await admin.reload();
    // Once the setting has loaded; a click, since the box follows the request (check() wants it at once).
    await expect(checkbox).toBeEnabled();
    // With a second factor of their own, the admin has nothing to be told.
    await expect(section.getByRole('link', { name: 'set it up in your profile' })).toHaveCount(0);
    await expect(checkbox).toHaveAccessibleDescription('');
    await checkbox.click();
    await expect(checkbox).toBeChecked();
    await admin.reload();
    await expect(checkbox).toBeChecked();
    await expect(section.getByText('yourself')).toHaveCount(0);
    await shoot(admin, 'settings-require');

    // A new member joins through an invitation.
    const memberEmail = `member-${randomUUID().slice(0, 8)}@example.com`;
    expect(
      (
        await admin.request.post('/api/team/invitations', { data: { email: memberEmail, role: 'member' } })
      ).status(),
    ).toBe(201);
    const invitation = await tokenMailed(twoFactorApp.peer, memberEmail, '/invitations');
    const memberContext = await browser.newContext({
      baseURL: twoFactorApp.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const member = await memberContext.newPage();
    const joined = await member.request.post('/api/auth/sign-up/invitation', {
      data: { token: invitation, name: 'Mia Member', password: 'member passphrase here' },
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(joined.ok()).toBe(true);
    expect((await joined.json()).user.twoFactorSetupRequired).toBe(true);

    // Wherever they go, the app sends them to the setup; the API refuses the rest.
    await member.goto('/contracts');
    await expect(member.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
    const refused = await member.request.get('/api/contracts');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    await shoot(member, 'setup-required');

    await member.getByRole('button', { name: 'Set up' }).click();
    const secret = ((await member.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await member.getByLabel('Code from the app').fill(codeAt(secret, Date.now()));
    await member.getByRole('button', { name: 'Turn on' }).click();
    await expect(member.getByTestId('recovery-code')).toHaveCount(10);
    await member.getByRole('button', { name: 'I have saved them' }).click();
    await expect(member.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible();
    expect((await member.request.get('/api/contracts')).status()).toBe(200);
    await adminContext.close();
    await memberContext.close();
  });
});
