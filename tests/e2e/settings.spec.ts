import { signaturePng } from '../../src/server/demo/demo-signature';
import { generateInstanceCertificate } from '../../src/server/pdf/pkcs12-certificate';
import { expect, test } from './fixtures';

test.describe('settings', () => {
  test('renames the organization and uploads, refuses and removes a logo', async ({ page, account }) => {
    await page.goto('/settings');
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
    await page.goto('/settings');
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
    await page.goto('/settings');
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
    await page.goto('/settings');
    await expect(page.getByText('The Pactum instance certificate')).toBeVisible();
    const made = generateInstanceCertificate({ commonName: 'Engines Seal', organization: 'Engines' });
    await page
      .getByLabel('PKCS#12 file (.p12, .pfx)')
      .setInputFiles({ name: 'seal.p12', mimeType: 'application/x-pkcs12', buffer: made.p12 });
    await page.getByLabel('Certificate password').fill('wrong');
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('The certificate password is wrong')).toBeVisible();
    await page.getByLabel('Certificate password').fill(made.password);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText("Your organization's certificate")).toBeVisible();
    await expect(page.getByText(/CN=Engines Seal|Engines Seal/).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('settings-desktop.png'), fullPage: true });
    await page.getByRole('button', { name: 'Use the instance certificate instead' }).click();
    await expect(page.getByText('The Pactum instance certificate')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('settings-phone.png'), fullPage: true });
  });
});
