import type { Page } from '@playwright/test';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { expect, jobTimeout, test, uploadTimeout } from './fixtures';

type Created = { id: string; title: string };

const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('search page', () => {
  test('finds a drafted contract without its diacritics, marks the passage, keeps the filters in the address', async ({
    page,
    account: _account,
    call,
  }) => {
    const drafted = await call<Created>('POST', '/contracts', {
      title: 'Dostawa farb',
      content: paragraph(
        'Umowa dostawy farby w kolorze Żółć pomiędzy stronami, z terminem płatności 30 dni.',
      ),
    });
    await call('PATCH', `/contracts/${drafted.id}/terms`, {
      counterpartyCompany: 'Farby Polskie S.A.',
      tags: ['priority'],
    });
    await call('POST', '/contracts', { title: 'Office lease', content: paragraph('A lease of offices.') });

    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
    const results = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
    // Without words: the filtered list.
    await expect(results).toHaveCount(2);

    await page.getByLabel('Search contracts', { exact: true }).last().fill('zolc');
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText('Dostawa farb');
    await expect(results.first()).toContainText('Farby Polskie S.A.');
    await expect(results.first().locator('mark')).toHaveText(['Żółć']);
    await expect(page).toHaveURL(/q=zolc/);

    await page.getByLabel('Counterparty').fill('polskie');
    await expect(page).toHaveURL(/counterparty=polskie/);
    await page.getByLabel('Status').selectOption('draft');
    await expect(page).toHaveURL(/status=draft/);
    await expect(results).toHaveCount(1);
    await page.reload();
    await expect(page.getByLabel('Counterparty')).toHaveValue('polskie');
    await expect(page.getByLabel('Status')).toHaveValue('draft');
    await expect(results).toHaveCount(1);
    await expect(results.first().locator('mark')).toHaveText(['Żółć']);
    await shoot(page, 'search');
    // On a phone the filters fold behind a button that says how many are set.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByLabel('Counterparty')).toBeHidden();
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    await expect(page.getByLabel('Counterparty')).toHaveValue('polskie');
    await page.screenshot({ path: test.info().outputPath('search-filters-open-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Saved, and picked again from another search.
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByLabel('Name').fill('Polish paint');
    await page.getByRole('dialog').getByRole('button', { name: 'Save view' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.goto('/search');
    await expect(results).toHaveCount(2);
    await page.getByLabel('Saved views').selectOption({ label: 'Polish paint' });
    await expect(page).toHaveURL(/counterparty=polskie/);
    await expect(results).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'CSV' })).toHaveAttribute(
      'href',
      /\/api\/search\/export\?.*format=csv/,
    );
  });

  test('finds a drafted and an uploaded contract in one search, the PDF’s passage marked', async ({
    page,
    account: _account,
    call,
  }) => {
    await call('POST', '/contracts', {
      title: 'Office in Wrocław',
      content: paragraph('The landlord lets the office at Rynek 1, Wrocław, to the tenant.'),
    });
    await page.goto('/contracts');
    await page.getByLabel('PDFs to start a contract from').setInputFiles([
      {
        name: 'Master Services Agreement.pdf',
        mimeType: 'application/pdf',
        buffer: pdfFixture('libreoffice-agreement.pdf'),
      },
    ]);
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, uploadTimeout);
    // The PDF's text is read in a job after the upload: the search finds it once that is done.
    const results = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
    await expect(async () => {
      await page.goto('/search?q=wroclaw');
      await expect(results).toHaveCount(2, { timeout: 2_000 });
    }).toPass(jobTimeout);
    const uploaded = results.filter({ hasText: 'Master Services Agreement' });
    await expect(uploaded.locator('mark').first()).toHaveText('Wrocław');
    const drafted = results.filter({ hasText: 'Office in Wrocław' });
    await expect(drafted.locator('mark').first()).toHaveText('Wrocław');
    await shoot(page, 'search-pdf');
  });
});
