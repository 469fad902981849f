import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { signingTokenIn } from '../support/smtp-peer';
import { sendTimeout } from './fixtures';
import { expect, type MailApp, test } from './mail-app';
import { signedUpPage, signFromEmail, waitForMail } from './mail-people';

const run = promisify(execFile);

async function pdfsig(bytes: Buffer): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-e2e-sig-')), 'signed.pdf');
  await writeFile(file, bytes);
  return run('pdfsig', [file]).then(
    (result) => result.stdout,
    (error: { stdout?: string }) => error.stdout ?? '',
  );
}

/** A sender with an organization of their own, signed in on the mail app. */
const senderPage = (browser: Browser, app: MailApp, suffix: string): Promise<Page> =>
  signedUpPage(browser, app, {
    name: 'Grace Sender',
    email: `grace-${suffix}@example.com`,
    organizationName: `Hopper & Co ${suffix}`,
  });

/** What a signer of the NDA is shown before signing: who sent what, and their own address filled in. */
const checkNda = (email: string) => async (page: Page) => {
  await expect(page.getByText('Grace Sender', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mutual NDA' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Document' })).toContainText('Confidential information');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  // Consent, the full name (filled in) and the signature: nothing signs before all three are done.
  const walk = page.getByRole('region', { name: 'Signing steps' });
  await expect(walk.getByText('1 of 3', { exact: true })).toBeVisible();
  await expect(walk.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(walk.getByRole('button', { name: 'Finish' })).toHaveCount(0);
};

test.describe('signing ceremony', () => {
  test('a contract is sent to two signers, signed from the e-mails, sealed, mailed and verified', async ({
    browser,
    mailApp,
  }) => {
    test.setTimeout(90_000);
    const suffix = `${Date.now()}`;
    const page = await senderPage(browser, mailApp, suffix);
    const alice = `alice-${suffix}@example.com`;
    const bob = `bob-${suffix}@example.com`;

    await page.goto('/contracts/new');
    await page.getByLabel('Contract Title').fill('Mutual NDA');
    await page.getByRole('textbox', { name: 'Contract content' }).click();
    await page.keyboard.type('Confidential information stays confidential.');
    for (const [name, email] of [
      ['Alice Archer', alice],
      ['Bob Baker', bob],
    ] as const) {
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Add Signer' }).click();
    }
    await page.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, sendTimeout);
    await expect(page.getByRole('link', { name: /Document as sent/ })).toBeVisible();

    await signFromEmail(browser, mailApp, alice, 'Alice Archer', checkNda(alice));
    await signFromEmail(browser, mailApp, bob, 'Bob Baker', checkNda(bob));

    // Everyone, the sender included, gets the sealed PDF once.
    const sender = `grace-${suffix}@example.com`;
    const completed = await waitForMail(mailApp, alice, /^Completed/);
    for (const email of [bob, sender]) await waitForMail(mailApp, email, /^Completed/);
    const sealed = completed.attachments[0]?.content as Buffer;
    const report = await pdfsig(sealed);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    const changed = Buffer.from(sealed);
    const signedUpTo = Number(/\/ByteRange\s*\[\s*0\s+(\d+)/.exec(sealed.toString('latin1'))?.[1]);
    changed[Math.floor(signedUpTo / 2)] = (changed[Math.floor(signedUpTo / 2)] ?? 0) ^ 0x01;
    expect(await pdfsig(changed)).not.toContain('Signature is Valid');

    // The sender's page shows it signed, with the sealed PDF to download.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Signed and sealed PDF' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Signers' }).getByText('Signed ·')).toHaveCount(2);

    // /verify vouches for the original and not for the changed copy.
    const verify = await (await browser.newContext({ baseURL: mailApp.baseURL })).newPage();
    await verify.goto('/verify');
    await verify.getByText('Drop a PDF here, or choose a file').click();
    await verify
      .locator('input[type=file]')
      .setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: sealed });
    const result = verify.getByRole('status', { name: 'Verification result' });
    await expect(result).toContainText('Verified');
    await expect(result).toContainText('Mutual NDA');
    await expect(result).toContainText('Alice Archer');
    await verify
      .locator('input[type=file]')
      .setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed });
    await expect(result).toContainText('Changed after sealing');
    await expect(result).not.toContainText('Mutual NDA');
    await verify.screenshot({ path: test.info().outputPath('verify-changed.png'), fullPage: true });
  });

  test('a signer declines with a reason; every link then says why it cannot sign', async ({
    browser,
    mailApp,
  }) => {
    // A sign-up, a send (the PDF is frozen) and a decline: well over 30 s on a busy machine.
    test.setTimeout(120_000);
    const suffix = `${Date.now()}d`;
    const page = await senderPage(browser, mailApp, suffix);
    const dana = `dana-${suffix}@example.com`;
    await page.goto('/contracts/new');
    await page.getByLabel('Contract Title').fill('Mutual NDA');
    await page.getByRole('textbox', { name: 'Contract content' }).click();
    await page.keyboard.type('Confidential information stays confidential.');
    await page.getByLabel('Name', { exact: true }).fill('Dana Decliner');
    await page.getByLabel('Email', { exact: true }).fill(dana);
    await page.getByRole('button', { name: 'Add Signer' }).click();
    await page.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(page.getByRole('link', { name: /Document as sent/ })).toBeVisible(sendTimeout);

    const invitation = await waitForMail(mailApp, dana, /sent you/);
    const link = `/sign/${signingTokenIn(invitation)}`;
    const signer = await (await browser.newContext({ baseURL: mailApp.baseURL })).newPage();
    await signer.goto(link);
    await signer.getByRole('button', { name: 'Decline' }).click();
    const dialog = signer.getByRole('dialog', { name: 'Decline to sign' });
    await expect(dialog.getByRole('button', { name: 'Decline' })).toBeDisabled();
    await dialog.getByLabel('Reason').fill('The term is too long');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(signer.getByRole('heading', { name: 'You declined to sign this document' })).toBeVisible();
    await signer.reload();
    await expect(signer.getByRole('heading', { name: 'You declined to sign this document' })).toBeVisible();
    await signer.goto('/sign/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(signer.getByRole('heading', { name: 'This signing link is not valid' })).toBeVisible();

    // The sender sees it canceled, with the reason, and is told by e-mail.
    await waitForMail(mailApp, `grace-${suffix}@example.com`, /declined/);
    await page.reload();
    await expect(page.getByText('Canceled', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Signers' })).toContainText('The term is too long');
    await expect(page.getByRole('list', { name: 'History' })).toContainText('Declined');
  });
});
