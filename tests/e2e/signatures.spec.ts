import { expect, jobTimeout, test } from './fixtures';
import { accessLinkFor } from './server-log';

type Created = { id: string };

test.describe('signatures', () => {
  test('lists signature requests with their status, filters them and reminds a signer', async ({
    page,
    account,
    call,
  }) => {
    // It waits on background jobs (a send, its mails), which take far longer on a busy machine.
    test.setTimeout(120_000);
    void account;
    const contract = await call<Created>('POST', '/contracts', {
      title: 'Consulting NDA',
      signers: [
        { name: 'Nora North', email: 'nora@example.com' },
        { name: 'Sid South', email: 'sid@example.com' },
      ],
    });
    await call('POST', `/contracts/${contract.id}/send`, { sequential: false });
    await page.goto('/signatures');
    const rows = page.getByRole('list', { name: 'Signature requests' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Consulting NDA');
    // Remind appears once the invitation went out (the job runner delivers within a second or two).
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByRole('button', { name: 'Remind Nora North' }).count();
      }, jobTimeout)
      .toBe(1);
    await page.getByRole('button', { name: 'Remind Nora North' }).click();
    await expect(rows.filter({ hasText: 'Nora North' }).getByRole('status')).toHaveText('Reminded');
    await page.screenshot({ path: test.info().outputPath('signatures-desktop.png'), fullPage: true });
    await page.getByLabel('Status').selectOption('signed');
    await expect(page.getByText('No signature requests with this status')).toBeVisible();
  });

  test('saves a drawn signature and offers it when the user signs a document sent to them', async ({
    page,
    account,
    call,
  }) => {
    // It waits on background jobs (a send, its mails), which take far longer on a busy machine.
    test.setTimeout(120_000);
    await page.goto('/signatures');
    const pad = page.getByRole('img', { name: /Signature pad/ });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no pad');
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1)
      await page.mouse.move(box.x + 40 + step * 25, box.y + box.height / 2 + (step % 2 ? 12 : -12));
    await page.mouse.up();
    await page.getByRole('button', { name: 'Save signature' }).click();
    await expect(page.getByRole('img', { name: 'Your saved signature' })).toBeVisible();

    const contract = await call<Created>('POST', '/contracts', {
      title: 'Self-signed memo',
      signers: [{ name: account.name, email: account.email }],
    });
    await call('POST', `/contracts/${contract.id}/send`, { sequential: false });
    // The e2e server runs in demo mode without SMTP: the signing link is in its log.
    await page.goto(await accessLinkFor(account.email, 'sign'));
    await expect(page.getByRole('img', { name: 'Your saved signature' })).toBeVisible();
    // The saved signature is adopted already: consent is all that is left before Finish.
    await page.getByLabel('I agree to sign electronically').check();
    await page.getByRole('region', { name: 'Signing steps' }).getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByRole('heading', { name: 'You have signed this document' })).toBeVisible();
  });

  test('shows the empty state and fits a phone', async ({ page, account }) => {
    void account;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/signatures');
    await expect(page.getByText('No signature requests yet')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('signatures-phone.png'), fullPage: true });
  });
});
