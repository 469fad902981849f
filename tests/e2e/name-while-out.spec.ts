import { expect, test } from './fixtures';
import { pageTimeout, sendTimeout } from './waits';

type Contract = { id: string; signers: { name: string; email: string | null; namedBy: number | null }[] };

test.describe('a recipient still to be named, while out', () => {
  test('the sender names them on the contract page, and the namer no longer does', async ({
    page,
    account,
    call,
  }) => {
    void account;
    test.setTimeout(60_000);
    const draft = await call<Contract>('POST', '/contracts', {
      title: 'Supply agreement',
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Terms.' }] }] },
      signers: [
        { name: 'Ann Buyer', email: 'ann@buyer.example', signingOrder: 1 },
        { name: "Supplier's signatory", signingOrder: 2, namedBy: 1 },
      ],
    });
    await call('POST', `/contracts/${draft.id}/send`, { sequential: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/contracts/${draft.id}`);
    await page.getByRole('button', { name: "Name Supplier's signatory" }).click(pageTimeout);
    const dialog = page.getByRole('dialog', { name: "Name Supplier's signatory yourself" });
    await dialog.getByLabel('Name').fill('Sue Supplier');
    await dialog.getByLabel('E-mail address').fill('sue@supplier.example');
    await page.screenshot({ path: test.info().outputPath('name-while-out-phone.png') });
    await dialog.getByRole('button', { name: 'Name them' }).click();
    await expect(dialog).toBeHidden(sendTimeout);
    await expect(page.getByText('sue@supplier.example', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const sent = await call<Contract>('GET', `/contracts/${draft.id}`);
    expect(sent.signers[1]).toMatchObject({
      name: 'Sue Supplier',
      email: 'sue@supplier.example',
      namedBy: null,
    });
  });
});
