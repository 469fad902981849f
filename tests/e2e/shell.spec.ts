import { expect, test } from './fixtures';

test.describe('shell', () => {
  test('has the top bar, the avatar menu and signs out', async ({ page, account }) => {
    await page.goto('/dashboard');
    const topBar = page.getByRole('banner');
    await expect(topBar.getByText('Pactum')).toBeVisible();
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['Projects', '/projects'],
      ['Templates', '/templates'],
    ] as const) {
      await expect(main.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    // Top bar 16 units (64 px) high, sidebar 64 units (256 px) wide.
    await expect(topBar).toHaveCSS('height', '64px');
    await expect(
      page.locator('aside').filter({ has: page.getByRole('navigation', { name: 'Sidebar' }) }),
    ).toHaveCSS('width', '256px');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByTestId('default-avatar')).toBeVisible();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(account.name)).toBeVisible();
    await expect(menu.getByText(account.email)).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Your Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?next=/);
  });

  test('lists the sidebar entries, with the projects group open and collapsible', async ({
    page,
    account,
    call,
  }) => {
    void account;
    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar.getByText('No projects yet')).toBeVisible();
    await call('POST', '/projects', { name: 'Riverside Lease' });
    await page.reload();
    await expect(sidebar.getByRole('link', { name: 'Riverside Lease' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'New Project' })).toHaveAttribute('href', '/projects/new');
    for (const name of ['Dashboard', 'Templates', 'Bulk sends', 'Signatures', 'Team', 'Settings']) {
      await expect(sidebar.getByRole('link', { name })).toBeVisible();
    }
    const toggle = sidebar.getByRole('button', { name: 'Projects' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(sidebar.getByRole('link', { name: 'Riverside Lease' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('uses a slide-in menu on a phone', async ({ page, account }) => {
    void account;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Navigation menu' });
    await expect(dialog.getByRole('link', { name: 'Team' })).toBeVisible();
    // Focus stays in the open menu, and goes back to the menu button when it closes.
    for (let press = 0; press < 12; press += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeFocused();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await dialog.getByRole('link', { name: 'Dashboard' }).click();
    await expect(dialog).toBeHidden();
  });
});
