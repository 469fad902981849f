import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from '@playwright/test';
import { signingTokenIn } from '../support/smtp-peer';
import { expect, type MailApp, test } from './mail-app';

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

async function waitForMail(app: MailApp, email: string, subject: RegExp) {
  const matching = () => app.peer.to(email).filter((mail) => subject.test(mail.subject ?? ''));
  await expect.poll(() => matching().length, { timeout: 60_000 }).toBeGreaterThan(0);
  const mail = matching()[0];
  if (!mail) throw new Error('unreachable');
  return mail;
}

/** A sender with an organization of their own, signed in. */
async function senderPage(browser: Browser, app: MailApp, suffix: string) {
  const context = await browser.newContext({ baseURL: app.baseURL });
  const email = `sender-${suffix}@example.com`;
  const headers = { 'x-forwarded-for': `10.201.${suffix.length}.${Math.floor(Math.random() * 250)}` };
  const response = await context.request.post('/api/auth/sign-up', {
    data: {
      name: 'Grace Sender',
      email,
      password: 'correct horse battery staple',
      organizationName: 'Żółć Sp. z o.o.',
    },
    headers,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const mail = await waitForMail(app, email, /finish creating your Pactum account/);
  const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
  const confirmed = await context.request.post('/api/auth/sign-up/confirm', { data: { token }, headers });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return context.newPage();
}

/** Opens the e-mailed link in a browser of the signer's own, types their name, draws and signs. */
async function sign(browser: Browser, app: MailApp, email: string, name: string) {
  const invitation = await waitForMail(app, email, /sent you/);
  const context = await browser.newContext({ baseURL: app.baseURL });
  const page = await context.newPage();
  await page.goto(`/sign/${signingTokenIn(invitation)}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Document' })).toContainText('双方应当保密');
  await page.getByLabel('I agree to sign electronically').check();
  await page.getByLabel('Full name').fill(name);
  const pad = page.getByRole('img', { name: /Signature pad/ });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(box.x + 30 + step * 20, box.y + box.height * (0.6 - 0.25 * Math.sin(step / 2)));
  }
  await page.mouse.up();
  const button = page.getByRole('button', { name: 'Sign', exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByRole('heading', { name: 'You have signed this document' })).toBeVisible();
  await context.close();
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
  const page = await senderPage(browser, mailApp, suffix);
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

  for (const [name, local] of signers) await sign(browser, mailApp, `${local}-${suffix}@example.com`, name);

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
      ?.replace(/^[A-Z]{6}\+/, ''),
  );
  expect(names).toEqual(
    expect.arrayContaining(['NotoSans-Regular', 'SourceHanSans-Regular', 'IBMPlexSansArabic-Regular']),
  );
});
