import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** axe-core's WCAG 2.1 A and AA rules, on each screen as a user first sees it. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

test.describe('accessibility', () => {
  test('the sign-in screen', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Demo credentials')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the dashboard and the editor', async ({ page, demo }) => {
    void demo;
    await page.goto('/dashboard');
    await expect(page.getByTestId('count-draft')).toHaveText(/\d/);
    expect(await violations(page)).toEqual([]);
    await page.goto('/contracts/new');
    await expect(page.getByLabel('Contract Title')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
