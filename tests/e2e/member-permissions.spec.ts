import { expect, test } from './fixtures';
import { memberContext } from './team-member';

test.describe('a member', () => {
  test('sees settings and the team read-only, and the API refuses their admin actions', async ({
    browser,
    account,
    call,
  }) => {
    // It waits on background jobs (a send, its mails), which take far longer on a busy machine.
    test.setTimeout(120_000);
    void account;
    const context = await memberContext(browser, call, 'Mo Member');
    const page = await context.newPage();

    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings\/general$/);
    await expect(page.getByText('Only an admin can change these settings.')).toBeVisible();
    await expect(page.getByLabel('Organization name')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add field' })).toHaveCount(0);
    // The pages only admins may open are not offered, and say so when opened all the same.
    const settingsNav = page.getByRole('navigation', { name: 'Settings' });
    await expect(settingsNav.getByRole('link')).toHaveText(['General', 'Signing', 'Security', 'Approvals']);
    await settingsNav.getByRole('link', { name: 'Signing' }).click();
    await expect(page.getByText('The Pactum instance certificate')).toBeVisible();
    await expect(page.getByLabel('Signing period (days)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save defaults' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upload' })).toHaveCount(0);
    for (const [path, section] of [
      ['/settings/developers', 'API tokens'],
      ['/settings/mail', 'Mail outbox'],
    ] as const) {
      await page.goto(path);
      await expect(
        page.getByText('Only an admin of your organization can see and change these settings.'),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: section })).toHaveCount(0);
    }

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
