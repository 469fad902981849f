import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, jobTimeout, sendTimeout, test } from './fixtures';
import { openField, signOnPage, walkBar, walkProgress } from './mail-people';
import { accessLinkFor } from './server-log';

const screenshots = process.env.PDF_SCREENSHOTS;

/** Inserts a signing field at the cursor through 'Insert field' → 'Signing field…'. */
async function insertSigningField(
  page: Page,
  field: { type: string; for: string; label?: string; choices?: string; pattern?: string },
) {
  await page.getByRole('button', { name: 'Insert field' }).click();
  await page.getByRole('menuitem', { name: 'Signing field…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert a signing field' });
  await dialog.getByLabel('Field').selectOption({ label: field.type });
  await dialog.getByLabel('For').selectOption({ label: field.for });
  if (field.label) await dialog.getByLabel(/^Label/).fill(field.label);
  if (field.choices) await dialog.getByLabel('Choices').fill(field.choices);
  if (field.pattern) {
    await dialog.getByLabel('Must hold').selectOption({ label: 'Text matching a pattern' });
    await dialog.getByLabel('Pattern').fill(field.pattern);
  }
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(dialog).toBeHidden();
  // The text is typed on where the field went in: the editor has the focus back first (typed
  // before, on a busy machine, the next line went nowhere).
  await expect(page.getByRole('textbox', { name: 'Contract content' })).toBeFocused();
}

test('a drafted contract’s signature block is written in its text, signed in place at phone width and sealed there', async ({
  page,
  browser,
  account: _account,
}) => {
  test.setTimeout(300_000);
  const suffix = Date.now();
  const people = [
    { name: 'Zofia Wiśniewska', email: `zofia-text-${suffix}@example.com` },
    { name: 'Дмитрий Иванов', email: `dmitry-text-${suffix}@example.com` },
  ];
  await page.goto('/contracts/new');
  await page.getByLabel('Contract Title').fill('Mutual NDA');
  for (const person of people) {
    await page.getByLabel('Name', { exact: true }).fill(person.name);
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Add Signer' }).click();
  }
  const body = page.getByRole('textbox', { name: 'Contract content' });
  await body.click();
  await page.keyboard.type('Each party keeps the other’s information confidential for three years.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Signed for Northwind: ');
  await insertSigningField(page, { type: 'Signature', for: `1. ${people[0]?.name}` });
  await page.keyboard.type(' Date: ');
  await insertSigningField(page, { type: 'Date signed', for: `1. ${people[0]?.name}` });
  await page.keyboard.press('Enter');
  await page.keyboard.type('Signed for Acme: ');
  await insertSigningField(page, { type: 'Signature', for: `2. ${people[1]?.name}` });
  await page.keyboard.press('Enter');
  await page.keyboard.type('Company: ');
  await insertSigningField(page, { type: 'Company', for: `2. ${people[1]?.name}`, label: 'Company' });
  await page.keyboard.press('Enter');
  await page.keyboard.type('Term: ');
  await insertSigningField(page, {
    type: 'Dropdown',
    for: `2. ${people[1]?.name}`,
    label: 'Term',
    choices: 'One year\nThree years',
  });
  await page.keyboard.press('Enter');
  await page.keyboard.type('VAT number: ');
  await insertSigningField(page, {
    type: 'Text',
    for: `2. ${people[1]?.name}`,
    label: 'VAT number',
    pattern: '[A-Z]{2}[0-9]{8}',
  });
  // Each field is a chip in its signer's colour, where it was written.
  await expect(body.locator('.signing-field')).toHaveCount(6);
  await expect(body).toContainText('VAT number:');
  await expect(body.locator('.signing-field[data-signer="2"]')).toHaveCount(4);
  await expect(body.getByText('[Term · Signer 2]')).toBeVisible();
  if (screenshots) await page.screenshot({ path: `${screenshots}/text-fields-editor.png` });
  // At phone width the dialog fits the screen, and a radio group asks for its choices.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Insert field' }).click();
  await page.getByRole('menuitem', { name: 'Signing field…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert a signing field' });
  await dialog.getByLabel('Field').selectOption({ label: 'Radio group' });
  await dialog.getByLabel('Choices').fill('Monthly');
  await expect(dialog.getByRole('alert')).toContainText('needs 2 to 50 different choices');
  await expect(dialog.getByRole('button', { name: 'Insert' })).toBeDisabled();
  const box = await dialog.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 390).toBe(true);
  if (screenshots) await page.screenshot({ path: `${screenshots}/text-fields-dialog-390.png` });
  // A text field's pattern is told apart from what the server's RE2 refuses, as it is typed.
  await dialog.getByLabel('Field').selectOption({ label: 'Text' });
  await dialog.getByLabel('Must hold').selectOption({ label: 'Text matching a pattern' });
  await dialog.getByLabel('Pattern').fill('(?=PL)[A-Z]{2}[0-9]{8}');
  await expect(dialog.getByRole('alert')).toHaveText(
    'This pattern cannot be used: patterns are RE2 regular expressions, without look-arounds or back-references.',
  );
  await expect(dialog.getByRole('button', { name: 'Insert' })).toBeDisabled();
  await dialog.getByLabel('Pattern').fill('PL[0-9]{8}');
  await expect(dialog.getByRole('button', { name: 'Insert' })).toBeEnabled();
  if (screenshots) await page.screenshot({ path: `${screenshots}/text-fields-dialog-text-390.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
  const contractId = page.url().split('/').at(-1) ?? '';
  await page.reload();
  await expect(body.locator('.signing-field')).toHaveCount(6);
  await page.getByRole('button', { name: 'Send for Signing' }).click();
  await expect(page.getByRole('link', { name: /Document as sent/ })).toBeVisible(sendTimeout);

  for (const [index, person] of people.entries()) {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const signing = await phone.newPage();
    await signing.goto(new URL(await accessLinkFor(person.email, 'sign'), page.url()).href);
    // The text is shown as it was sent, its pages with the fields where they stand.
    const pages = signing.getByRole('region', { name: 'Document' });
    await expect(pages.getByRole('img', { name: 'Page 1 of 1' })).toBeAttached();
    if (index === 1) {
      const start = await walkProgress(signing);
      await walkBar(signing).getByRole('button', { name: 'Start' }).click();
      await expect(walkBar(signing).getByLabel('Company (required)')).toBeFocused();
      await signing.keyboard.type('Acme Sp. z o.o.');
      await (await openField(signing, 'Term')).selectOption('Three years');
      await (await openField(signing, 'VAT number')).fill('PL12345678');
      // Typed in the walk's bar, the value shows in the field's box, which keeps its size.
      if (screenshots)
        await pages
          .getByRole('img', { name: 'Page 1 of 1' })
          .locator('..')
          .screenshot({ path: `${screenshots}/text-fields-typing-390.png` });
      await expect.poll(() => walkProgress(signing)).toEqual({ done: start.done + 3, total: start.total });
      // A tap on a field's lower edge reaches it, not the tap target of the field below.
      const company = pages.getByRole('button', { name: /^Company, required:/ });
      const edge = await company.boundingBox();
      if (!edge) throw new Error('The Company field is not shown');
      await signing.mouse.click(edge.x + edge.width / 2, edge.y + edge.height - 1);
      await expect(walkBar(signing).getByLabel('Company (required)')).toHaveValue('Acme Sp. z o.o.');
    }
    // Each field stays inside its box, over none of the others, and is tapped through a target
    // at least 44 px square.
    const controls = await pages.locator('[style*="--field-font"]').evaluateAll((elements) =>
      elements.map((element) => {
        const tap = getComputedStyle(element, '::before');
        return {
          name: element.getAttribute('aria-label') ?? element.textContent ?? '',
          box: element.getBoundingClientRect().toJSON(),
          tap:
            element.tagName === 'BUTTON'
              ? Math.min(Number.parseFloat(tap.height), Number.parseFloat(tap.width))
              : null,
        };
      }),
    );
    expect(controls.length).toBeGreaterThanOrEqual(6);
    for (const [position, control] of controls.entries()) {
      if (control.tap !== null) expect(control.tap, control.name).toBeGreaterThanOrEqual(44);
      for (const other of controls.slice(position + 1)) {
        const apart =
          control.box.right <= other.box.left + 1 ||
          other.box.right <= control.box.left + 1 ||
          control.box.bottom <= other.box.top + 1 ||
          other.box.bottom <= control.box.top + 1;
        expect(apart, `${control.name} and ${other.name}`).toBe(true);
      }
    }
    if (screenshots)
      await pages
        .getByRole('img', { name: 'Page 1 of 1' })
        .locator('..')
        .screenshot({ path: `${screenshots}/text-fields-signer-${index + 1}-page-390.png` });
    const results = await new AxeBuilder({ page: signing }).include('[aria-label="Document"]').analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    // The pages pan sideways in their viewer; the page itself does not.
    expect(await signing.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (screenshots)
      await signing.screenshot({ path: `${screenshots}/text-fields-signer-${index + 1}-390.png` });
    await signOnPage(signing, person.name);
    await phone.close();
  }

  let final: Buffer = Buffer.alloc(0);
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/contracts/${contractId}/documents/final`);
      if (response.status() === 200) final = await response.body();
      return final.length;
    }, jobTimeout)
    .toBeGreaterThan(0);
  const dir = mkdtempSync(join(tmpdir(), 'pactum-e2e-text-fields-'));
  writeFileSync(join(dir, 'final.pdf'), final);
  const report = (command: string, args: string[]) => {
    try {
      return execFileSync(command, args).toString();
    } catch (error) {
      const failed = error as { stdout?: Buffer; stderr?: Buffer };
      return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
  };
  expect(report('pdfsig', [join(dir, 'final.pdf')])).toContain('Signature is Valid');
  expect(report('qpdf', ['--check', join(dir, 'final.pdf')])).toContain(
    'No syntax or stream encoding errors',
  );
  const pageOne = report('pdftotext', ['-f', '1', '-l', '1', join(dir, 'final.pdf'), '-']);
  for (const value of [
    'Acme Sp. z o.o.',
    'Three years',
    'PL12345678',
    new Date().toISOString().slice(0, 10),
  ]) {
    expect(pageOne).toContain(value);
  }
  // Both signed in their fields: the certificate follows the text, with no signature page.
  const all = report('pdftotext', [join(dir, 'final.pdf'), '-']);
  expect(all).not.toContain('Signature page');
  expect(all).toContain('Certificate of Completion');
  if (screenshots)
    execFileSync('pdftoppm', [
      '-f',
      '1',
      '-l',
      '1',
      '-r',
      '60',
      '-png',
      join(dir, 'final.pdf'),
      `${screenshots}/text-fields-sealed`,
    ]);
});
