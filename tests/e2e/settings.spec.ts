import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { generateInstanceCertificate, readPkcs12 } from '../../src/server/pdf/pkcs12-certificate';
import { signaturePng } from '../../src/server/pdf/sample-signature';
import { expect, test, uploadTimeout } from './fixtures';

/** The settings pages in the navigation's order, and the sections each shows. */
const groups = [
  {
    name: 'General',
    path: '/settings/general',
    sections: ['Organization', 'Signer fields', 'Contract terms'],
  },
  { name: 'Signing', path: '/settings/signing', sections: ['Signing defaults', 'Sealing certificate'] },
  { name: 'Security', path: '/settings/security', sections: ['Two-factor sign-in'] },
  { name: 'Approvals', path: '/settings/approvals', sections: ['Approval rules'] },
  {
    name: 'Developers',
    path: '/settings/developers',
    sections: ['API tokens', 'Webhooks', 'Embedded signing'],
  },
  { name: 'Mail', path: '/settings/mail', sections: ['Mail outbox'] },
];

/**
 * Whether the page was scrolled to the section: its top just below the top bar, unless the page
 * ends before the section could get there.
 */
function landedOn(page: Page, id: string): Promise<boolean> {
  return page.evaluate((id) => {
    const top = document.getElementById(id)?.getBoundingClientRect().top ?? -1;
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    return window.scrollY > 0 && top >= 64 && (top <= 128 || atEnd);
  }, id);
}

/** Clicks a download link and answers the SHA-256 of the file it saved. */
async function downloaded(page: Page, name: RegExp): Promise<string> {
  const saving = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  const path = await (await saving).path();
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

async function downloadedText(page: Page, name: RegExp): Promise<string> {
  const saving = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  return readFile(await (await saving).path(), 'utf8');
}

test("the verify page gives out the instance's sealing certificate, at phone width too", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'Check a seal with your own tools' })).toBeVisible();
  // Nobody signed in: the public certificate, the one the instance's own seals name.
  const fingerprint = await downloaded(page, /Download \.cer \(DER\)/);
  expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
  const pem = await downloadedText(page, /Download \.pem/);
  expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('verify-certificate-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('verify-certificate-desktop.png'), fullPage: true });
  await context.close();
});

test.describe('settings', () => {
  test('has a page per group, marked current in its navigation; a link to a section lands on it', async ({
    page,
    account,
  }) => {
    void account;
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings\/general$/);
    const nav = page.getByRole('navigation', { name: 'Settings' });
    await expect(nav.getByRole('link')).toHaveText(groups.map((group) => group.name));
    for (const group of groups) {
      await nav.getByRole('link', { name: group.name, exact: true }).click();
      await expect(page).toHaveURL(group.path);
      await expect(page).toHaveTitle(`Settings · ${group.name} · Pactum`);
      await expect(page.getByRole('heading', { level: 2, name: group.name, exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: group.name, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
      // Its sections, and no other page's.
      for (const section of group.sections) {
        await expect(page.getByRole('region', { name: section, exact: true })).toBeVisible();
      }
      await expect(page.locator('main section[id]')).toHaveCount(group.sections.length);
      if (group.name === 'General') {
        // A system field's badge wraps under its name rather than running into the type.
        const row = page.getByRole('region', { name: 'Signer fields' }).getByRole('listitem').first();
        const badge = await row.getByText('System').boundingBox();
        const type = await row.getByText('Text', { exact: true }).boundingBox();
        if (!badge || !type) throw new Error('The Full name row shows its badge and its type');
        expect(badge.x + badge.width <= type.x || badge.y + badge.height <= type.y).toBe(true);
      }
      if (group.name === 'General' || group.name === 'Developers') {
        await page.screenshot({
          path: test.info().outputPath(`settings-${group.name.toLowerCase()}-1366.png`),
          fullPage: true,
        });
      }
    }

    // A link to a section opens its page scrolled to it, clear of the top bar (or as far as the
    // page goes); so does a link from before the settings had pages, as in mails already sent.
    for (const link of ['/settings/developers#webhooks', '/settings#webhooks']) {
      await page.goto('/dashboard');
      await page.goto(link);
      await expect(page).toHaveURL(/\/settings\/developers#webhooks$/);
      await expect(page.getByRole('region', { name: 'Webhooks' })).toBeVisible();
      await expect.poll(() => landedOn(page, 'webhooks')).toBe(true);
    }

    // On a phone the navigation is a row of tabs that scrolls by itself; the page never does.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const group of groups) {
      await page.goto(group.path);
      await expect(page.getByRole('region', { name: group.sections[0], exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: group.name, exact: true })).toBeInViewport({ ratio: 1 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        group.path,
      ).toBe(true);
      if (group.name === 'General' || group.name === 'Developers') {
        await page.screenshot({
          path: test.info().outputPath(`settings-${group.name.toLowerCase()}-390.png`),
          fullPage: true,
        });
      }
    }
    await page.goto('/settings/signing#sealing-certificate');
    await expect.poll(() => landedOn(page, 'sealing-certificate')).toBe(true);
  });

  test('renames the organization and uploads, refuses and removes a logo', async ({ page, account }) => {
    await page.goto('/settings/general');
    const name = page.getByLabel('Organization name');
    await expect(name).toHaveValue(account.organizationName);
    await name.fill('Engines Unlimited');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Organization name')).toHaveValue('Engines Unlimited');

    await page
      .getByLabel('Logo file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert')).toHaveText('Choose a PNG, JPEG or WebP image');
    await page
      .getByLabel('Logo file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: signaturePng(80, 80) });
    await expect(page.getByRole('img', { name: 'Organization logo' })).toBeVisible();
    // A file that says it is a JPEG but is not: the server looks at its bytes.
    await page
      .getByLabel('Logo file')
      .setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: signaturePng(80, 80) });
    await expect(page.getByRole('alert')).toHaveText('The file is not the image it claims to be');
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByRole('img', { name: 'Organization logo' })).toBeHidden();
  });

  test('adds, renames, requires and removes a signer field; the system fields stay fixed', async ({
    page,
    account,
  }) => {
    void account;
    await page.goto('/settings/general');
    const fields = page.getByRole('list', { name: 'Signer fields' }).getByRole('listitem');
    await expect(fields).toHaveCount(3);
    await expect(fields.first()).toContainText('System');
    await page.getByLabel('New field').fill('Company VAT number');
    await page.getByRole('button', { name: 'Add field' }).click();
    await expect(fields).toHaveCount(4);
    await page.getByLabel('New field').fill('company vat number');
    await page.getByRole('button', { name: 'Add field' }).click();
    await expect(page.getByText('There is already a field called company vat number')).toBeVisible();

    const nameInput = page.getByLabel('Name of the Company VAT number field');
    await nameInput.fill('VAT number');
    await nameInput.press('Enter');
    await expect(page.getByLabel('Name of the VAT number field')).toBeVisible();
    await fields.nth(3).getByLabel('Required').check();
    await page.reload();
    await expect(fields.nth(3).getByLabel('Required')).toBeChecked();
    await page.getByRole('button', { name: 'Remove the VAT number field' }).click();
    await expect(fields).toHaveCount(3);
  });

  test('saves the signing defaults and says what is wrong with a bad one', async ({ page, account }) => {
    void account;
    await page.goto('/settings/signing');
    const period = page.getByLabel('Signing period (days)');
    await expect(period).toHaveValue('30');
    await period.fill('0');
    await page.getByRole('button', { name: 'Save defaults' }).click();
    await expect(page.getByText('The signing period must be at least 1 day')).toBeVisible();
    await period.fill('14');
    await page.getByLabel('Remind signers every (days)').fill('');
    await page.getByRole('button', { name: 'Save defaults' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Signing period (days)')).toHaveValue('14');
    await expect(page.getByLabel('Remind signers every (days)')).toHaveValue('');
  });

  test("uploads the organization's sealing certificate, refusing a wrong password", async ({
    page,
    account,
  }) => {
    void account;
    await page.goto('/settings/signing');
    await expect(page.getByText('The Pactum instance certificate')).toBeVisible();
    const made = generateInstanceCertificate({ commonName: 'Engines Seal', organization: 'Engines' });
    await page
      .getByLabel('PKCS#12 file (.p12, .pfx)')
      .setInputFiles({ name: 'seal.p12', mimeType: 'application/x-pkcs12', buffer: made.p12 });
    await page.getByLabel('Certificate password').fill('wrong');
    await page.getByRole('button', { name: 'Upload' }).click();
    // The server opens the PKCS#12 file (its key derivation is slow by design): on a busy machine
    // that has taken more than ten seconds.
    await expect(page.getByText('The certificate password is wrong')).toBeVisible(uploadTimeout);
    await page.getByLabel('Certificate password').fill(made.password);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText("Your organization's certificate")).toBeVisible(uploadTimeout);
    await expect(page.getByText(/CN=Engines Seal|Engines Seal/).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('settings-desktop.png'), fullPage: true });
    // Its public part downloads, as DER and PEM: the certificate in use, byte for byte.
    const own = readPkcs12(made.p12, made.password);
    expect(await downloaded(page, /Download \.cer \(DER\)/)).toBe(own.fingerprintSha256);
    const pem = await downloadedText(page, /Download \.pem/);
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
    expect(pem).not.toContain('PRIVATE KEY');
    const axe = await new AxeBuilder({ page }).include('#sealing-certificate').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await page.getByRole('button', { name: 'Use the instance certificate instead' }).click();
    await expect(page.getByText('The Pactum instance certificate')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('settings-phone.png'), fullPage: true });
  });
});
