import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import type { PipelineReport } from '../../src/shared/api/reports';
import { expect, test } from './fixtures';

async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('reports', () => {
  test('shows the demo organization’s reports at both widths, each table with its CSV', async ({
    page,
    demo,
  }) => {
    void demo;
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    for (const title of [
      'Contracts by month',
      'Time to send and to sign',
      'Signed value',
      'Renewals coming up',
      'How long signers take',
    ]) {
      await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    }
    const pipelineTable = page.getByRole('table', { name: 'Contracts by month' });
    await expect(pipelineTable.getByRole('row')).toHaveCount(13);

    // The table, its CSV and the API say the same.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV: Contracts by month' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^Pactum - contracts by month - \d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = parse(bytes.toString('utf8').slice(1)) as string[][];
    const api = (await (await page.request.get('/api/reports/pipeline')).json()) as PipelineReport;
    expect(csv[0]?.slice(0, 2)).toEqual(['Month', 'Created']);
    expect(csv.slice(1).map((row) => [row[0], Number(row[1]), Number(row[4]), Number(row[8])])).toEqual(
      api.months.map((m) => [m.month, m.created, m.signed, m.signedInMonth]),
    );
    expect(api.months.reduce((n, m) => n + m.created, 0)).toBeGreaterThan(0);
    const shown = await pipelineTable
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
      );
    expect(shown).toEqual(csv);

    expect(await violations(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('reports-1280.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('reports-390.png'), fullPage: true });
    await page
      .getByRole('region', { name: 'Contracts by month', exact: true })
      .screenshot({ path: test.info().outputPath('reports-pipeline-390.png') });
  });

  test('keeps the range and project in the address', async ({ page, account, call }) => {
    void account;
    const project = await call<{ id: string }>('POST', '/projects', { name: 'Leases' });
    await call('POST', '/contracts', {
      title: 'Office lease',
      projectId: project.id,
    });
    await page.goto('/reports');
    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Leases' });
    await expect(page).toHaveURL(new RegExp(`project=${project.id}`));
    const from = `${new Date().getUTCFullYear() - 1}-01-01`;
    await page.getByRole('textbox', { name: 'From' }).fill(from);
    await expect(page).toHaveURL(new RegExp(`from=${from}`));
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(from);
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(project.id);
    const table = page.getByRole('table', { name: 'Contracts by month' });
    await expect(table.getByRole('row').nth(13)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download CSV: Contracts by month' })).toHaveAttribute(
      'href',
      new RegExp(`from=${from}.*projectId=${project.id}`),
    );
    await page.getByRole('button', { name: 'Last 12 months, all projects' }).click();
    await expect(page).toHaveURL(/\/reports$/);
  });
});
