import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, jobTimeout, test } from './fixtures';

type Outbox = { items: { kind: string; to: { email: string }; text: string | null }[] };

/** A member of the account's organization, signed in in a browser of their own (invited, signed up from the link). */
async function memberContext(
  browser: Browser,
  call: <T>(method: 'POST' | 'GET' | 'PATCH', path: string, data?: unknown) => Promise<T>,
): Promise<BrowserContext> {
  const email = `member-${randomUUID().slice(0, 8)}@example.com`;
  await call('POST', '/team/invitations', { email, role: 'member' });
  let token = '';
  await expect
    .poll(async () => {
      const outbox = await call<Outbox>('GET', '/mail/outbox');
      const text =
        outbox.items.find((item) => item.kind === 'team_invitation' && item.to.email === email)?.text ?? '';
      token = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
      return token;
    }, jobTimeout)
    .not.toBe('');
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const headers = {
    'x-forwarded-for': `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
  // The account is made from the invitation link, which proves the address, and joins at once.
  const signUp = await context.request.post('/api/auth/sign-up/invitation', {
    data: { token, name: 'Mo Member', password: 'quiet harbor lantern 42' },
    headers,
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  return context;
}

test.describe('a member', () => {
  test('sees settings and the team read-only, and the API refuses their admin actions', async ({
    browser,
    account,
    call,
  }) => {
    // It waits on background jobs (a send, its mails), which take far longer on a busy machine.
    test.setTimeout(120_000);
    void account;
    const context = await memberContext(browser, call);
    const page = await context.newPage();

    await page.goto('/settings');
    await expect(page.getByText('Only an admin can change these settings.')).toBeVisible();
    await expect(page.getByLabel('Organization name')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add field' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save defaults' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upload' })).toHaveCount(0);
    await expect(page.getByText('Open the mail outbox')).toHaveCount(0);

    await page.goto('/team');
    await expect(page.getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);

    await page.goto('/mail');
    await expect(page.getByText('Only an admin can read the mail outbox')).toBeVisible();

    for (const [method, path, data] of [
      ['PATCH', '/api/settings/organization', { name: 'Taken over' }],
      ['POST', '/api/custom-fields', { name: 'Sneaky', type: 'text' }],
      ['POST', '/api/team/invitations', { email: 'friend@example.com', role: 'admin' }],
      ['GET', '/api/mail/outbox', undefined],
    ] as const) {
      const response = await context.request.fetch(path, { method, ...(data ? { data } : {}) });
      expect(response.status(), `${method} ${path}`).toBe(403);
    }
    // Contracts are everyone's work: a member drafts and sends.
    const draft = await context.request.post('/api/contracts', { data: { title: 'Member draft' } });
    expect(draft.status()).toBe(201);
    await context.close();
  });
});
