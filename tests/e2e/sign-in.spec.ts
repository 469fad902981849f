import { expect, test } from './fixtures';

test.describe('sign-in', () => {
  test('the first pages a visitor sees load without a console error, with a description and robots.txt', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/login');
    await expect(page.getByText('demo@example.com')).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /contracts/);
    await page.goto('/verify');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/login');
    await page.getByLabel('Email address').fill('demo@example.com');
    await page.getByLabel('Password').fill('pactum-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Welcome back, Demo User')).toBeVisible();
    expect(problems).toEqual([]);

    const robots = await page.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    const rules = await robots.text();
    expect(rules).toMatch(/^User-agent: \*$/m);
    for (const privatePath of ['/api/', '/sign/', '/review/', '/invitations/', '/reset-password/'])
      expect(rules).toContain(`Disallow: ${privatePath}`);
  });

  test('shows the form, the demo hint, the links and the unconfigured providers', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('Remember me')).not.toBeChecked();
    await expect(page.getByText('Demo credentials')).toBeVisible();
    const topBar = page.getByRole('banner');
    await expect(topBar.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(topBar.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await expect(topBar.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
    await expect(page.getByText('demo@example.com')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(page.getByRole('link', { name: 'create a new account' })).toHaveAttribute('href', '/signup');
    for (const provider of ['Google', 'Microsoft']) {
      const button = page.getByRole('button', { name: provider });
      await expect(button).toBeDisabled();
      await button.focus();
      await expect(page.getByRole('tooltip')).toContainText(`${provider} sign-in is not configured`);
    }
  });

  test('shows the banner on a wrong password, keeps what was typed, and signs in after', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill('demo@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByLabel('Email address')).toHaveValue('demo@example.com');
    await page.getByLabel('Password').fill('pactum-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText('Welcome back, Demo User')).toBeVisible();
  });

  test('shows a busy indicator on the button while signing in', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/sign-in', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email address').fill('demo@example.com');
    await page.getByLabel('Password').fill('pactum-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
    release();
    await expect(page).toHaveURL('/dashboard');
  });

  test('requires both fields before sending anything', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/login');
    expect(
      await page
        .getByLabel('Email address')
        .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
  });

  test('with remember-me keeps a 30-day cookie; without, a cookie that ends with the browser', async ({
    page,
    context,
  }) => {
    for (const remember of [false, true]) {
      await context.clearCookies();
      await page.goto('/login');
      await page.getByLabel('Email address').fill('demo@example.com');
      await page.getByLabel('Password').fill('pactum-demo');
      if (remember) await page.getByLabel('Remember me').check();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL('/dashboard');
      const cookie = (await context.cookies()).find((c) => c.name === 'pactum_session');
      expect(cookie?.httpOnly).toBe(true);
      if (remember) expect(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
      else expect(cookie?.expires).toBe(-1);
    }
  });
});

test.describe('routing', () => {
  test('sends an anonymous visitor to /login and back to where they were going', async ({ page }) => {
    await page.goto('/contracts?status=sent');
    await expect(page).toHaveURL('/login?next=%2Fcontracts%3Fstatus%3Dsent');
    await page.getByLabel('Email address').fill('demo@example.com');
    await page.getByLabel('Password').fill('pactum-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/contracts?status=sent');
    await expect(page.getByLabel('Status')).toHaveValue('sent');
  });

  test('never follows a next parameter off the site', async ({ page }) => {
    await page.goto('/login?next=%2F%2Fevil.example%2F');
    await page.getByLabel('Email address').fill('demo@example.com');
    await page.getByLabel('Password').fill('pactum-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('sends / and unknown paths to /dashboard, and a signed-in visitor away from /login', async ({
    page,
    demo,
  }) => {
    void demo;
    for (const path of ['/', '/no/such/page', '/login']) {
      await page.goto(path);
      await expect(page).toHaveURL('/dashboard');
    }
  });

  test('shows the fallback when the app cannot load its data', async ({ page, demo }) => {
    void demo;
    await page.route('**/api/auth/session', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  });
});
