import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './mail-app';
import { signedUpPage, signFromEmail, waitForMail } from './mail-people';
import { pageTimeout } from './waits';

const run = promisify(execFile);

/** Signers whose names are in Polish, Russian, Greek, Chinese, Arabic and Hindi. */
const signers = [
  ['Łukasz Żółć', 'lukasz'],
  ['Иван Петров', 'ivan'],
  ['Γιώργος Παπαδόπουλος', 'giorgos'],
  ['王小明', 'xiaoming'],
  ['أحمد بن علي', 'ahmad'],
  ['राहुल शर्मा', 'rahul'],
] as const;
const title = 'Umowa o zachowaniu poufności — Соглашение — 保密协议';
const clause = 'Strony zachowują poufność. Стороны сохраняют конфиденциальность. 双方应当保密。';

/** What each signer is shown before signing: the title and the text in every script. */
async function checkDocument(page: Page) {
  await expect(page.getByRole('heading', { name: title })).toBeVisible(pageTimeout);
  await expect(page.getByRole('article', { name: 'Document' })).toContainText('双方应当保密');
}

async function poppler(tool: string, pdf: Buffer, ...args: string[]): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-e2e-scripts-')), 'sealed.pdf');
  await writeFile(file, pdf);
  return (await run(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])])).stdout;
}

test('signers named in six scripts sign, and the sealed PDF prints every name exactly in embedded fonts', async ({
  browser,
  mailApp,
}) => {
  // Six ceremonies and a seal on a busy two-core machine.
  test.setTimeout(300_000);
  const suffix = `${Date.now()}m`;
  const page = await signedUpPage(browser, mailApp, {
    name: 'Grace Sender',
    email: `sender-${suffix}@example.com`,
    organizationName: 'Żółć Sp. z o.o.',
  });
  await page.goto('/contracts/new');
  await page.getByLabel('Contract Title').fill(title);
  await page.getByRole('textbox', { name: 'Contract content' }).click();
  await page.keyboard.insertText(clause);
  for (const [name, local] of signers) {
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email', { exact: true }).fill(`${local}-${suffix}@example.com`);
    await page.getByRole('button', { name: 'Add Signer' }).click();
  }
  await page.getByRole('button', { name: 'Send for Signing' }).click();
  await expect(page.getByRole('link', { name: /Document as sent/ })).toBeVisible({ timeout: 60_000 });

  for (const [name, local] of signers)
    await signFromEmail(browser, mailApp, `${local}-${suffix}@example.com`, name, checkDocument);

  const completed = await waitForMail(mailApp, `lukasz-${suffix}@example.com`, /^Completed/);
  const sealed = completed.attachments[0]?.content as Buffer;
  await writeFile(test.info().outputPath('sealed.pdf'), sealed);

  // Bidi marks around right-to-left runs are pdftotext's; the letters inside are in logical order.
  const text = (await poppler('pdftotext', sealed)).replace(/[\u202a-\u202c]/g, '');
  expect(text).toContain(title);
  expect(text).toContain(clause);
  expect(text).toContain('Żółć Sp. z o.o.');
  // Every name: on its signature block, in the history and the signer authentication list.
  for (const [name] of signers) {
    expect(text.split(name).length - 1, name).toBeGreaterThanOrEqual(2);
  }

  const fonts = (await poppler('pdffonts', sealed)).trim().split('\n').slice(2);
  expect(fonts.length).toBeGreaterThan(0);
  for (const line of fonts) {
    const [emb, sub, uni] = line.trim().split(/\s+/).slice(-5, -2);
    expect({ line, emb, sub, uni }).toMatchObject({ emb: 'yes', sub: 'yes', uni: 'yes' });
  }
  const names = fonts.map((line) =>
    line
      .trim()
      .split(/\s+/)[0]
      ?.replace(/^[A-Z]{6}\+/, '')
      // A CID-keyed font (Source Han Sans) is named with its encoding.
      .replace(/-Identity-H$/, ''),
  );
  expect(names).toEqual(
    expect.arrayContaining(['NotoSans-Regular', 'SourceHanSans-Regular', 'IBMPlexSansArabic-Regular']),
  );
});
