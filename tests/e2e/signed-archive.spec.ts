import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { consentDisclosure } from '../../src/shared/consent';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { expect, jobTimeout, pageTimeout, sendTimeout, test, uploadTimeout } from './fixtures';
import { accessLinkFor } from './server-log';

type Created = { id: string };

/** A contract sent to one signer who signs it through the signing API, then sealed by its job. */
async function signedContract(
  page: Page,
  call: <T>(method: 'POST' | 'GET' | 'PATCH', path: string, data?: unknown) => Promise<T>,
  title: string,
) {
  const email = `signer-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const created = await call<Created>('POST', '/contracts', {
    title,
    signers: [{ name: 'Sam Signer', email }],
  });
  await call('POST', `/contracts/${created.id}/send`, { sequential: false });
  const link = await accessLinkFor(email, 'sign');
  const origin = new URL(page.url()).origin;
  const session = await page.request.post('/api/signing/sessions', {
    data: { token: link.slice('/sign/'.length) },
    headers: { origin },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const { signerId } = await session.json();
  const signed = await page.request.post(`/api/signing/${signerId}/sign`, {
    headers: { origin },
    data: {
      consentVersion: consentDisclosure.version,
      fields: { fullName: 'Sam Signer' },
      signature: { kind: 'drawn', image: signatureDataUrl() },
    },
  });
  expect(signed.status(), await signed.text()).toBe(204);
  await expect
    .poll(
      async () => (await page.request.get(`/api/contracts/${created.id}/documents/final`)).status(),
      jobTimeout,
    )
    .toBe(200);
  return created.id;
}

test.describe('signed PDFs of a selection', () => {
  test('ticks rows of the contracts list and downloads their signed PDFs as one ZIP', async ({
    page,
    account,
    call,
  }) => {
    void account;
    test.setTimeout(180_000);
    await page.goto('/contracts');
    await expect(page.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible(pageTimeout);
    await signedContract(page, call, 'Umowa Żółć');
    await signedContract(page, call, 'Supply agreement');
    await call('POST', '/contracts', { title: 'Draft lease' });

    await page.reload();
    const rows = page.getByRole('list', { name: 'Contracts' }).getByRole('listitem');
    await expect(rows).toHaveCount(3, sendTimeout);
    const download = page.getByRole('button', { name: 'Download signed PDFs (ZIP)' });
    await expect(download).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Select Umowa Żółć' }).check();
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await expect(page.getByText('3 selected')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select Supply agreement' }).uncheck();
    await expect(page.getByRole('checkbox', { name: 'Select all shown' })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'Select Supply agreement' }).check();
    await page.screenshot({ path: test.info().outputPath('archive-1280.png') });
    const audit = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(audit.violations.map((violation) => violation.id)).toEqual([]);

    const saving = page.waitForEvent('download');
    await download.click();
    const saved = await saving;
    expect(saved.suggestedFilename()).toMatch(/^Signed contracts \d{4}-\d\d-\d\d\.zip$/);
    const path = join(mkdtempSync(join(tmpdir(), 'pactum-e2e-archive-')), 'archive.zip');
    await saved.saveAs(path);
    const names = execFileSync('zipinfo', ['-1', path], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(names.sort()).toEqual([
      'Not included.txt',
      'Supply agreement (signed).pdf',
      'Umowa Żółć (signed).pdf',
    ]);
    await expect(page.getByRole('status')).toContainText('downloaded as a ZIP');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('archive-390.png'), fullPage: true });
  });

  test('says under an uploaded PDF which of its pages are scans without text', async ({ page, account }) => {
    void account;
    const uploaded = await page.request.post('/api/contracts/upload-pdf?name=Text%20and%20scans.pdf', {
      data: pdfFixture('ghostscript-text-and-scans.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { id } = (await uploaded.json()) as Created;
    await expect
      .poll(async () => {
        const contract = await (await page.request.get(`/api/contracts/${id}`)).json();
        return contract.files[0]?.search !== null;
      }, jobTimeout)
      .toBe(true);
    await page.goto(`/contracts/${id}`);
    const note = page.getByText(
      '2 pages are scans without text (pages 3–4): search does not find words on them.',
    );
    await expect(note).toBeVisible(uploadTimeout);
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('scans-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('scans-390.png') });
  });
});
