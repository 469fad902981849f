import { expect, test } from './fixtures';

test.describe('versions of a contract', () => {
  test('one version per editing session, a redline between two, and a restore', async ({ page, account }) => {
    // Four saves, a reload, two comparisons and a restore: more than 30 s on a busy machine.
    test.setTimeout(120_000);
    void account;
    await page.goto('/contracts/new');
    await page.getByLabel('Contract Title').fill('Supply Agreement');
    const body = page.getByRole('textbox', { name: 'Contract content' });
    await body.click();
    await page.keyboard.type('The Supplier delivers the Goods within thirty days of each order.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
    // A second save of the same session updates its version rather than making another.
    await body.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Delivery is free.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    const versions = page.getByRole('list', { name: 'Versions' });
    await expect(versions.getByRole('listitem')).toHaveCount(1);

    // Opened again: a new session, so the next save is version 2.
    await page.reload();
    await body.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(
      'The Supplier delivers the Goods within fourteen days of each order. Delivery is free.',
    );
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(versions.getByRole('listitem')).toHaveCount(2);
    await expect(versions.getByRole('link', { name: 'Version 2', exact: true })).toBeVisible();

    await versions.getByRole('link', { name: 'Changes from version 1' }).click();
    await expect(page.getByRole('heading', { name: 'Compare versions' })).toBeVisible();
    const redline = page.getByRole('document', { name: 'Changes from version 1 to version 2' });
    await expect(redline.locator('del')).toHaveText(['thirty']);
    await expect(redline.locator('ins')).toHaveText(['fourteen']);
    await expect(page.getByText(/Added 1 word · Removed 1 word/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('compare.png'), fullPage: true });

    // Version 1 opens read-only, and comes back as version 3.
    await page.getByLabel('From (earlier)').selectOption('2');
    await page.getByLabel('To (later)').selectOption('1');
    await expect(
      redline.or(page.getByRole('document', { name: 'Changes from version 2 to version 1' })).locator('del'),
    ).toHaveText(['fourteen']);
    await page
      .getByRole('button', { name: 'Back' })
      .or(page.getByRole('link', { name: 'Back' }))
      .click();
    await versions.getByRole('link', { name: 'Version 1', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Version 1' })).toBeVisible();
    await expect(page.getByRole('document', { name: 'Version 1 content' })).toContainText('thirty days');
    await page.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
    await expect(body).toContainText('within thirty days');
    await expect(versions.getByRole('listitem')).toHaveCount(3);
    await expect(versions.getByText(/· from version 1$/)).toBeVisible();
  });

  test('a save made on an older revision is refused, nothing typed is lost, and mine can be kept', async ({
    page,
    browser,
    account,
  }) => {
    // Two browsers, three saves and a reload: more than 30 s on a busy machine.
    test.setTimeout(120_000);
    void account;
    await page.goto('/contracts/new');
    await page.getByLabel('Contract Title').fill('Lease');
    const body = page.getByRole('textbox', { name: 'Contract content' });
    await body.click();
    await page.keyboard.type('The rent is 1000 euro.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
    const url = page.url();

    // A colleague (here: the same person in a second browser) opens it and saves first.
    const other = await browser.newContext({ storageState: await page.context().storageState() });
    const theirs = await other.newPage();
    await theirs.goto(url);
    const theirBody = theirs.getByRole('textbox', { name: 'Contract content' });
    await theirBody.click();
    await theirs.keyboard.press('Control+A');
    await theirs.keyboard.type('The rent is 1200 euro.');
    await theirs.getByRole('button', { name: 'Save Draft' }).click();
    await expect(theirs.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(2);

    await body.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Payable monthly.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This contract changed since you opened it' });
    await expect(alert).toBeVisible();
    await expect(body).toContainText('The rent is 1000 euro. Payable monthly.');
    await expect(alert.getByRole('link', { name: 'See what changed' })).toHaveAttribute('target', '_blank');
    // The version that was saved meanwhile shows at once.
    await expect(page.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath('conflict.png'), fullPage: true });

    await alert.getByRole('button', { name: 'Save mine as the latest' }).click();
    await expect(alert).toBeHidden();
    const versions = page.getByRole('list', { name: 'Versions' });
    await expect(versions.getByRole('listitem')).toHaveCount(3);
    // Theirs is still there, as version 2.
    await theirs.reload();
    await expect(theirBody).toContainText('Payable monthly.');
    await theirs.goto(`${url}/versions/2`);
    await expect(theirs.getByRole('document', { name: 'Version 2 content' })).toContainText('1200 euro');
    await other.close();
  });

  test('the comparison downloads as a PDF and as a .docx with tracked changes', async ({ page, account }) => {
    void account;
    const paragraph = (text: string) => ({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    });
    const created = await page.request.post('/api/contracts', {
      data: { title: 'Lease', content: paragraph('The rent is 1000 euro.') },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = await created.json();
    const saved = await page.request.patch(`/api/contracts/${id}`, {
      data: { content: paragraph('The rent is 1200 euro.'), editSession: 'session-download' },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto(`/contracts/${id}/compare?from=1&to=2`);
    await expect(page.getByRole('document', { name: 'Changes from version 1 to version 2' })).toBeVisible();
    for (const [name, fileName, magic] of [
      ['Download PDF', 'Lease - versions 1 to 2.pdf', '%PDF'],
      ['Download .docx', 'Lease - versions 1 to 2.docx', 'PK'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(fileName);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(0, magic.length).toString()).toBe(magic);
    }
  });
});
