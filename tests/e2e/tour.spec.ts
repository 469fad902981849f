import { expect, test } from './fixtures';

test.describe('guided tour', () => {
  test('walks through the top bar, sidebar, buttons, counts and the editor', async ({ page, account }) => {
    void account;
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Take a Tour' }).click();
    const dialog = page.getByRole('dialog');
    const titles = [
      'The top bar',
      'Your workspace',
      'Start something new',
      'Where things stand',
      'The contract editor',
    ];
    for (const [index, title] of titles.entries()) {
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
      await expect(dialog).toContainText(`Step ${index + 1} of ${titles.length}`);
      await expect(dialog).toBeFocused();
      if (index < titles.length - 1) await dialog.getByRole('button', { name: 'Next' }).click();
    }
    await expect(page).toHaveURL('/contracts/new');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(dialog.getByRole('heading', { name: 'Where things stand' })).toBeVisible();
    for (let press = 0; press < 6; press += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('leaves out the sidebar on a phone, and can be skipped', async ({ page, account }) => {
    void account;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Take a Tour' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Step 1 of 4');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('heading', { name: 'Start something new' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Skip tour' }).click();
    await expect(dialog).toBeHidden();
  });
});
