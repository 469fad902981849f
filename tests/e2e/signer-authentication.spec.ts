import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, test as base, expect, type Page } from '@playwright/test';
import { type SmtpPeer, signingTokenIn, startSmtpPeer } from '../support/smtp-peer';
import { firstSaveTimeout, sendTimeout } from './fixtures';
import { latestMail, signOnPage } from './mail-people';
import { freePort, spawnServer } from './spawned-server';

const run = promisify(execFile);

type MailApp = { baseURL: string; peer: SmtpPeer };

/** Pactum with real mail and the demo workspace, on a server of this worker's own. */
const test = base.extend<object, { authApp: MailApp }>({
  authApp: [
    async ({ browserName }, use) => {
      void browserName;
      const peer = await startSmtpPeer();
      const port = await freePort();
      const server = await spawnServer(port, { SMTP_URL: peer.url, DEMO: 'true' });
      await use({ baseURL: server.baseURL, peer });
      server.stop();
      await peer.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

async function pdfText(bytes: Buffer): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-e2e-auth-')), 'sealed.pdf');
  await writeFile(file, bytes);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.replace(/\s+/g, ' ');
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
}

/** Checks the document is the consultant's agreement, then consents, draws and signs. */
async function signHere(page: Page, name: string) {
  await expect(page.getByRole('article', { name: 'Document' })).toContainText('The consultant advises');
  await signOnPage(page, name);
}

async function signerPage(browser: Browser, app: MailApp, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseURL, viewport: { width, height: 844 } });
  return context.newPage();
}

/** The demo sender, signed in, sends a one-line agreement to one signer who needs the access code 'Right-Code-42'. */
async function sentWithAccessCode(browser: Browser, app: MailApp, signer: { name: string; email: string }) {
  const senderContext = await browser.newContext({ baseURL: app.baseURL });
  const signIn = await senderContext.request.post('/api/auth/sign-in', {
    data: { email: 'demo@example.com', password: 'pactum-demo' },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const created = await senderContext.request.post('/api/contracts', {
    data: {
      title: 'Consulting Agreement',
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The consultant advises.' }] }],
      },
      signers: [{ ...signer, accessCode: 'Right-Code-42' }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  expect((await senderContext.request.post(`/api/contracts/${id}/send`, { data: {} })).ok()).toBe(true);
  return { senderContext, id };
}

/** Five wrong access codes on the code screen, each counted down, until the document is locked. */
async function lockOut(page: Page) {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await page.getByLabel('Access code').fill(`wrong-${attempt}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    if (attempt < 5)
      await expect(page.getByText(`${5 - attempt} ${attempt === 4 ? 'try' : 'tries'} left`)).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'This document is locked for you' })).toBeVisible();
}

test('the sender asks one signer for an access code and another for an e-mailed code; both pass and sign', async ({
  browser,
  authApp,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now()}`;
  const alice = `alice-${suffix}@example.com`;
  const erin = `erin-${suffix}@example.com`;
  const accessCode = 'Harbor-Lamp-5521';

  // The sender: the demo admin, signed in on this server.
  const senderContext = await browser.newContext({
    baseURL: authApp.baseURL,
    viewport: { width: 1280, height: 900 },
  });
  const signIn = await senderContext.request.post('/api/auth/sign-in', {
    data: { email: 'demo@example.com', password: 'pactum-demo' },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const page = await senderContext.newPage();

  await page.goto('/contracts/new');
  await page.getByLabel('Contract Title').fill('Consulting Agreement');
  await page.getByRole('textbox', { name: 'Contract content' }).click();
  await page.keyboard.type('The consultant advises the client on request.');
  for (const [name, email] of [
    ['Alice Archer', alice],
    ['Erin Ellis', erin],
  ] as const) {
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Add Signer' }).click();
  }
  const signersList = page.getByRole('list', { name: 'Signers' });
  const aliceRow = signersList.getByRole('listitem').filter({ hasText: alice });
  const erinRow = signersList.getByRole('listitem').filter({ hasText: erin });
  await aliceRow.getByLabel('Require access code').check();
  const codeInput = aliceRow.getByLabel('Access code for Alice Archer');
  await codeInput.fill('abc');
  await expect(aliceRow.getByText('Enter an access code of at least 4 characters')).toBeVisible();
  await codeInput.fill(accessCode);
  await erinRow.getByLabel('E-mail a one-time code').check();
  await shot(page, 'editor-signer-checks-desktop.png');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, firstSaveTimeout);

  // Saved: the code is never shown again, only that one is set.
  await page.reload();
  await expect(aliceRow.getByText('Access code set')).toBeVisible();
  await expect(page.getByText(accessCode)).toHaveCount(0);
  await expect(aliceRow.getByLabel('Require access code')).toBeChecked();
  await expect(erinRow.getByLabel('E-mail a one-time code')).toBeChecked();
  await expect(erinRow.getByLabel('Require access code')).not.toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'editor-signer-checks-390.png');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Send for Signing' }).click();
  await expect(page.getByRole('link', { name: /Document as sent/ })).toBeVisible(sendTimeout);

  // Alice: the invitation says a code will be asked, never the code.
  const invitation = await latestMail(authApp, alice, /sent you/, 1);
  expect(invitation.text).toContain('access code');
  expect(invitation.text).not.toContain(accessCode);
  const alicePage = await signerPage(browser, authApp, 1280);
  await alicePage.goto(`/sign/${signingTokenIn(invitation)}`);
  await expect(alicePage.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await expect(alicePage.getByRole('article', { name: 'Document' })).toHaveCount(0);
  await expect(alicePage.getByText('Consulting Agreement')).toHaveCount(0);
  await shot(alicePage, 'access-code-desktop.png');
  await alicePage.getByLabel('Access code').fill('Harbor-Lamp-0000');
  await alicePage.getByRole('button', { name: 'Continue' }).click();
  await expect(alicePage.getByText(/not right\. 4 tries left/)).toBeVisible();
  await shot(alicePage, 'access-code-wrong-desktop.png');
  await alicePage.getByLabel('Access code').fill(accessCode);
  await alicePage.getByRole('button', { name: 'Continue' }).click();
  await expect(alicePage.getByRole('heading', { name: 'Consulting Agreement' })).toBeVisible();
  await signHere(alicePage, 'Alice Archer');

  // Erin, on a phone: asks for a code, reads it from the e-mail, enters it.
  const erinInvitation = await latestMail(authApp, erin, /sent you/, 1);
  expect(erinInvitation.text).toContain('one-time code');
  const erinPage = await signerPage(browser, authApp, 390);
  await erinPage.goto(`/sign/${signingTokenIn(erinInvitation)}`);
  await expect(erinPage.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await expect(erinPage.getByText(/e•••s@example\.com|e•••\w@example\.com/)).toBeVisible();
  await shot(erinPage, 'email-code-390.png');
  await erinPage.getByRole('button', { name: 'Send me a code' }).click();
  await expect(erinPage.getByText(/We sent a 6-digit code/)).toBeVisible();
  const codeMail = await latestMail(authApp, erin, /Your code to open/, 1);
  const code = /\b(\d{6})\b/.exec(codeMail.text ?? '')?.[1];
  if (!code) throw new Error('no code in the e-mail');
  await shot(erinPage, 'email-code-sent-390.png');
  await erinPage.getByLabel('Code from the e-mail').fill(code);
  await erinPage.getByRole('button', { name: 'Confirm' }).click();
  await expect(erinPage.getByRole('heading', { name: 'Consulting Agreement' })).toBeVisible();
  await signHere(erinPage, 'Erin Ellis');

  // The sealed PDF says how each signer was identified.
  const completed = await latestMail(authApp, alice, /^Completed/, 1);
  const text = await pdfText(completed.attachments[0]?.content as Buffer);
  expect(text).toContain(`Authentication: link e-mailed to ${alice}; access code entered`);
  expect(text).toContain(
    `Authentication: link e-mailed to ${erin}; one-time code e-mailed to ${erin}, confirmed`,
  );
  expect(text).not.toContain(accessCode);

  // The sender sees the checks on the contract and in its history.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Signers' }).getByText('Signed ·')).toHaveCount(2);
  const history = page.getByRole('list', { name: 'History' });
  await expect(history).toContainText('Access code entered');
  await expect(history).toContainText('One-time code confirmed');
  await shot(page, 'sender-contract-desktop.png');
});

test('five wrong access codes lock the signer out, the sender is told, and a reminder lets them in', async ({
  browser,
  authApp,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now()}l`;
  const larry = `larry-${suffix}@example.com`;
  const { senderContext, id } = await sentWithAccessCode(browser, authApp, {
    name: 'Larry Lock',
    email: larry,
  });

  const page = await signerPage(browser, authApp, 390);
  await page.goto(`/sign/${signingTokenIn(await latestMail(authApp, larry, /sent you/, 1))}`);
  await lockOut(page);
  await shot(page, 'locked-390.png');

  const sender = await senderContext.newPage();
  await sender.goto(`/contracts/${id}`);
  await expect(sender.getByText('Locked out after wrong codes')).toBeVisible();
  await sender.getByRole('button', { name: 'Remind Larry Lock' }).click();
  await expect(sender.getByText('Reminder queued.')).toBeVisible();
  await latestMail(authApp, 'demo@example.com', /locked out/, 1);
  const reminder = await latestMail(authApp, larry, /^Reminder/, 1);
  await page.goto(`/sign/${signingTokenIn(reminder)}`);
  await page.getByLabel('Access code').fill('Right-Code-42');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Consulting Agreement' })).toBeVisible();
});

test("a signer who locked their signed copy is let in again by the sender's 'Send again'", async ({
  browser,
  authApp,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now()}s`;
  const sara = `sara-${suffix}@example.com`;
  const { senderContext, id } = await sentWithAccessCode(browser, authApp, {
    name: 'Sara Sealed',
    email: sara,
  });
  const link = `/sign/${signingTokenIn(await latestMail(authApp, sara, /sent you/, 1))}`;

  const page = await signerPage(browser, authApp, 390);
  await page.goto(link);
  await page.getByLabel('Access code').fill('Right-Code-42');
  await page.getByRole('button', { name: 'Continue' }).click();
  await signHere(page, 'Sara Sealed');
  await latestMail(authApp, sara, /^Completed/, 1);

  // Someone else holding the invitation guesses the code on the signed contract's page.
  const guesser = await signerPage(browser, authApp, 390);
  await guesser.goto(link);
  await lockOut(guesser);

  for (const width of [1280, 390]) {
    const sender = await senderContext.newPage();
    await sender.setViewportSize({ width, height: 900 });
    await sender.goto(`/contracts/${id}`);
    const signers = sender.getByRole('list', { name: 'Signers' });
    await expect(signers.getByText('Locked out of the download after wrong codes')).toBeVisible();
    await expect(signers.getByRole('button', { name: 'Remind Sara Sealed' })).toHaveCount(0);
    await signers.scrollIntoViewIfNeeded();
    await shot(sender, `send-again-${width}.png`);
    if (width === 390) {
      await sender.getByRole('button', { name: 'Send the sealed PDF to Sara Sealed again' }).click();
      await expect(sender.getByText('Sealed PDF queued for Sara Sealed.')).toBeVisible();
      await expect(signers.getByText('Locked out of the download')).toHaveCount(0);
      await expect(sender.getByRole('list', { name: 'History' })).toContainText('Sealed PDF sent again');
      await shot(sender, 'sent-again-390.png');
    }
    await sender.close();
  }
  // The completion's message once more, with the sealed PDF; the guessed-at link is retired.
  const again = await latestMail(authApp, sara, /^Completed/, 2);
  expect(again.attachments).toHaveLength(1);
  expect(await pdfText(again.attachments[0]?.content ?? Buffer.alloc(0))).toContain('Sara Sealed');
  await guesser.goto(link);
  await expect(guesser.getByRole('heading', { name: 'This signing link is not valid' })).toBeVisible();
});
