import { expect, test } from './fixtures';

test.describe('API tokens in settings', () => {
  test('an admin creates a token shown once, an integration uses it, the admin revokes it', async ({
    page,
    account,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/settings/developers');
    const section = page.getByRole('region', { name: 'API tokens' });
    await expect(section.getByText('No API tokens yet.')).toBeVisible();

    await section.getByLabel('Token name').fill('CRM sync');
    await section.getByLabel('Access').selectOption({ label: 'Read and write' });
    await section.getByLabel('Expires after').selectOption({ label: 'Never' });
    await section.getByRole('button', { name: 'Create token' }).click();

    const shown = section.getByTestId('new-api-token');
    await expect(shown).toHaveText(/^pct_[A-Za-z0-9_-]{43}$/);
    await expect(section.getByText('You won’t see it again')).toBeVisible();
    const token = (await shown.textContent()) ?? '';
    await section.getByRole('button', { name: 'Copy token' }).click();
    await expect(section.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await page.screenshot({ path: test.info().outputPath('api-token-created-1280.png'), fullPage: true });

    // The integration: no cookie, only the header (Playwright's request context is not the page's).
    const created = await request.post('/api/contracts', {
      headers: { authorization: `Bearer ${token}` },
      data: { title: 'Made by the CRM' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const listed = await request.get('/api/contracts', { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status()).toBe(200);
    expect(JSON.stringify(await listed.json())).toContain('Made by the CRM');

    await section.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await page.reload();
    const row = page.getByRole('list', { name: 'API tokens' }).getByRole('listitem', { name: 'CRM sync' });
    await expect(row).toContainText('Read and write');
    await expect(row).toContainText(token.slice(0, 12));
    await expect(row).toContainText(`Created by ${account.name}`);
    await expect(row).toContainText('last used');
    await expect(row).toContainText('no expiry');
    expect(await page.content()).not.toContain(token);

    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: test.info().outputPath('api-token-list-390.png') });
    const phoneOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(phoneOverflow).toBeLessThanOrEqual(0);

    await row.getByRole('button', { name: 'Revoke CRM sync' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “CRM sync”?' });
    await expect(dialog).toContainText('refused from now on');
    await page.screenshot({ path: test.info().outputPath('api-token-revoke-390.png') });
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No API tokens yet.')).toBeVisible();

    const refused = await request.get('/api/contracts', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);
  });
});
