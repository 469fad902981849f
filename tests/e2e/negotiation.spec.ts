import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { sendTimeout } from './fixtures';
import { expect, type MailApp, test } from './mail-app';
import { latestMail, signedUpPage, signFromEmail, waitForMail } from './mail-people';
import { selectText } from './select-text';

const run = promisify(execFile);

/** The reviewer opens the newest review link e-mailed to them and suggests an edit of the text. */
async function suggestFromEmail(
  browser: Browser,
  app: MailApp,
  email: string,
  round: number,
  edit: (page: Page) => Promise<void>,
) {
  const invitation = await latestMail(app, email, /asks you to review/, round);
  const token = /\/review\/([A-Za-z0-9_-]{43})/.exec(invitation.text ?? '')?.[1];
  const context = await browser.newContext({ baseURL: app.baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/review/${token}`);
  await expect(page.getByRole('heading', { name: 'Supply Agreement' })).toBeVisible();
  await edit(page);
  await page.getByLabel(/A note for/).fill(`Round ${round} from the buyer's counsel.`);
  await page.getByRole('button', { name: 'Suggest changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your suggestions were sent' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`reviewer-round-${round}.png`), fullPage: true });
  await context.close();
  return token;
}

/** Selects a passage of the editor on the page and starts a thread on it. */
async function commentOn(page: Page, phrase: string, text: string) {
  await page.getByRole('textbox', { name: 'Contract content' }).click();
  await selectText(page, phrase);
  await page.getByRole('button', { name: 'Comment on the selection' }).click();
  const form = page.getByRole('form', { name: 'New comment' });
  await form.getByRole('combobox', { name: 'Comment' }).fill(text);
  await form.getByRole('button', { name: 'Post comment' }).click();
  await expect(form).toBeHidden();
}

/** The thread (of the comments panel) whose first comment says this. */
const threadSaying = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Comment threads' }).getByRole('listitem').filter({ hasText: text }).first();

/** Replaces one phrase of the editor's text by typing over it, as a person would. */
async function replaceText(page: Page, from: string, to: string) {
  const body = page.getByRole('textbox', { name: 'Contract content' });
  await body.evaluate((element, phrase) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(phrase) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + phrase.length);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return;
    }
    throw new Error(`No "${phrase}" in the document`);
  }, from);
  await page.keyboard.type(to);
}

test('the owner and the other side negotiate two rounds, then the agreed version is signed', async ({
  browser,
  mailApp,
}) => {
  test.setTimeout(240_000);
  const suffix = `${Date.now()}`;
  const organizationName = `Żółć Sp. z o.o. ${suffix}`;
  const owner = await signedUpPage(browser, mailApp, {
    name: 'Łukasz Żółć',
    email: `lukasz-${suffix}@example.com`,
    organizationName,
  });
  const reviewer = `anna-${suffix}@example.com`;
  const signer = `eleni-${suffix}@example.com`;

  await owner.goto('/contracts/new');
  await owner.getByLabel('Contract Title').fill('Supply Agreement');
  await owner.getByRole('textbox', { name: 'Contract content' }).click();
  await owner.keyboard.type('The Supplier delivers within thirty days. ');
  await owner.keyboard.press('Enter');
  await owner.keyboard.type('Invoices are payable within sixty days.');
  await owner.keyboard.press('Enter');
  await owner.keyboard.type('This Agreement is governed by the laws of Poland.');
  await owner.getByRole('button', { name: 'Save Draft' }).click();
  await expect(owner).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
  const contractUrl = owner.url();

  // Round 1: the other side suggests two changes; one is accepted, one rejected.
  await owner.getByRole('button', { name: 'Send for Review' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Send for review' });
  await dialog.getByLabel('Reviewer name').fill('Анна Кузнецова');
  await dialog.getByLabel('Reviewer email').fill(reviewer);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByRole('button', { name: 'Send for review' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByRole('list', { name: 'Reviewers' })).toContainText('Анна Кузнецова');
  // The team's own note on the draft: internal, so the other side never reads it.
  const internalNote = 'Between us: forty-five days would do.';
  await commentOn(owner, 'sixty days', internalNote);
  await expect(threadSaying(owner, internalNote).getByText('Internal', { exact: true })).toBeVisible();

  const question = 'Could we agree on a neutral governing law?';
  const firstToken = await suggestFromEmail(browser, mailApp, reviewer, 1, async (page) => {
    // The reviewer comments on a passage (always shared); the team's internal note is not there.
    await expect(page.getByText('Select text in the contract and choose Comment.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Insert field' })).toHaveCount(0);
    await commentOn(page, 'the laws of Poland', question);
    await expect(threadSaying(page, question).getByText('You', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('textbox', { name: 'Contract content' }).locator('[data-thread-id]'),
    ).toHaveText('the laws of Poland');
    await expect(page.getByText(internalNote)).toHaveCount(0);
    // Seen from the top: a full-page picture taken scrolled draws the sticky toolbars mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath('reviewer-comments-phone.png'), fullPage: true });
    await replaceText(page, 'thirty', 'fourteen');
    await replaceText(page, 'sixty', 'thirty');
  });
  // The owner's open page shows the other side's comment when the bell rings, without a reload.
  await expect(threadSaying(owner, question).getByText('Other side', { exact: true })).toBeVisible();
  await owner.reload();
  await owner.getByRole('link', { name: 'Анна Кузнецова on version 2' }).click();
  await expect(owner.getByRole('heading', { name: 'Suggestions from Анна Кузнецова' })).toBeVisible();
  const redline = owner.getByRole('document', { name: 'Suggested changes' });
  await expect(redline.locator('ins')).toHaveText(['fourteen', 'thirty']);
  await expect(owner.getByText("Round 1 from the buyer's counsel.")).toBeVisible();
  await owner.getByRole('group', { name: 'Change 1' }).getByRole('button', { name: 'Accept' }).click();
  await owner.getByRole('group', { name: 'Change 2' }).getByRole('button', { name: 'Reject' }).click();
  await owner.screenshot({ path: test.info().outputPath('owner-decides.png'), fullPage: true });
  await owner.getByRole('button', { name: 'Apply decisions' }).click();
  await expect(owner).toHaveURL(contractUrl);
  const body = owner.getByRole('textbox', { name: 'Contract content' });
  await expect(body).toContainText('within fourteen days');
  await expect(body).toContainText('within sixty days');
  await waitForMail(mailApp, reviewer, /went through your suggestions/);

  // The owner reads the reviewer's comment, marked as the other side's, and answers it.
  const theirs = threadSaying(owner, question);
  await expect(theirs).toContainText('Анна Кузнецова');
  await expect(theirs.getByText('Other side', { exact: true })).toBeVisible();
  await expect(theirs.getByText('Shared', { exact: true })).toBeVisible();
  await theirs.locator('button[aria-expanded]').click();
  const answer = 'Polish law stays; we will exclude the CISG.';
  await theirs.getByRole('combobox', { name: 'Reply' }).fill(answer);
  await theirs.getByRole('button', { name: 'Reply' }).click();
  await expect(theirs.getByText(answer)).toBeVisible();
  // A shared thread the team starts on what it wrote since round 1 (not sent yet).
  const sinceNote = 'Taken on board: see the next round.';
  await body.click();
  await selectText(owner, 'fourteen days');
  await owner.getByRole('button', { name: 'Comment on the selection' }).click();
  const sharedForm = owner.getByRole('form', { name: 'New comment' });
  await sharedForm.getByRole('combobox', { name: 'Comment' }).fill(sinceNote);
  await sharedForm.getByLabel('Shared with the other side').check();
  await sharedForm.getByRole('button', { name: 'Post comment' }).click();
  await expect(sharedForm).toBeHidden();
  await owner.evaluate(() => window.scrollTo(0, 0));
  await owner.screenshot({ path: test.info().outputPath('owner-comments.png'), fullPage: true });

  // Back on the review page (a wide screen this time), the reviewer reads the answer, and still
  // nothing of the team's internal note.
  const desk = await browser.newContext({ baseURL: mailApp.baseURL, viewport: { width: 1280, height: 900 } });
  const reviewPage = await desk.newPage();
  await reviewPage.goto(`/review/${firstToken}`);
  const asked = threadSaying(reviewPage, question);
  await asked.locator('button[aria-expanded]').click();
  await expect(asked.getByText(answer)).toBeVisible();
  await expect(asked.getByText(organizationName, { exact: true })).toBeVisible();
  await expect(reviewPage.getByText(internalNote)).toHaveCount(0);
  // The team's thread on its unsent text: its comment, on no passage of the version they read,
  // whose text stays as it was sent; their own thread is still highlighted on it.
  const since = threadSaying(reviewPage, sinceNote);
  await expect(since).toContainText(`On a passage ${organizationName} has changed since`);
  await expect(reviewPage.getByText('fourteen')).toHaveCount(0);
  await expect(
    reviewPage.getByRole('textbox', { name: 'Contract content' }).locator('[data-thread-id]'),
  ).toHaveText('the laws of Poland');
  await reviewPage.evaluate(() => window.scrollTo(0, 0));
  await reviewPage.screenshot({
    path: test.info().outputPath('reviewer-comments-desktop.png'),
    fullPage: true,
  });
  await reviewPage.setViewportSize({ width: 390, height: 844 });
  await expect(since).toBeVisible();
  await reviewPage.screenshot({ path: test.info().outputPath('reviewer-since-phone.png'), fullPage: true });
  await desk.close();

  // Round 2: a new link (the first no longer opens); the reviewer comments again and suggests
  // two changes; the owner accepts one and rejects the other.
  await owner.getByRole('button', { name: 'Send for Review' }).click();
  await owner
    .getByRole('dialog', { name: 'Send for review' })
    .getByRole('button', { name: 'Send for review' })
    .click();
  const secondQuestion = 'Twenty-one days would suit our warehouse better.';
  await suggestFromEmail(browser, mailApp, reviewer, 2, async (page) => {
    await expect(page.getByText(/to review version\s+4/)).toBeVisible();
    await commentOn(page, 'fourteen days', secondQuestion);
    await replaceText(page, 'fourteen', 'twenty-one');
    await replaceText(page, 'Poland', 'Poland, excluding the CISG');
  });
  const stale = await browser.newContext({ baseURL: mailApp.baseURL });
  const old = await stale.newPage();
  await old.goto(`/review/${firstToken}`);
  await expect(old.getByRole('heading', { name: 'This review link is not valid' })).toBeVisible();
  await stale.close();
  await expect(threadSaying(owner, secondQuestion).getByText('Other side', { exact: true })).toBeVisible();
  await owner.reload();
  await owner.getByRole('link', { name: /on version 4/ }).click();
  await expect(owner.getByRole('document', { name: 'Suggested changes' }).locator('ins')).toContainText([
    'twenty-one',
    'CISG',
  ]);
  await owner.getByRole('group', { name: 'Change 1' }).getByRole('button', { name: 'Reject' }).click();
  await owner.getByRole('group', { name: 'Change 2' }).getByRole('button', { name: 'Accept' }).click();
  await owner.getByRole('button', { name: 'Apply decisions' }).click();
  await expect(owner).toHaveURL(contractUrl);
  await expect(body).toContainText('excluding the CISG');
  await expect(body).toContainText('within fourteen days');
  await expect(body).not.toContainText('twenty-one');

  // Internal approval: the admin makes a colleague the approver of every contract; sending waits.
  const approverEmail = `marek-${suffix}@example.com`;
  const invited = await owner.request.post('/api/team/invitations', {
    data: { email: approverEmail, role: 'member' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const invitation = await waitForMail(mailApp, approverEmail, /invited you to join/);
  const teamToken = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(invitation.text ?? '')?.[1];
  const approverContext = await browser.newContext({ baseURL: mailApp.baseURL });
  const joined = await approverContext.request.post('/api/auth/sign-up/invitation', {
    data: { token: teamToken, name: 'Marek Nowak', password: 'quiet harbor lantern 42' },
    headers: {
      'x-forwarded-for': `10.97.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  await owner.goto('/settings/approvals');
  const rules = owner.getByRole('region', { name: 'Approval rules' });
  await rules.getByLabel('Applies to').selectOption({ label: 'Every contract' });
  await rules.getByRole('checkbox', { name: 'Marek Nowak' }).check();
  await rules.getByRole('button', { name: 'Add rule' }).click();
  await expect(
    rules.getByRole('list', { name: 'Approval rules' }).getByText('Approved by Marek Nowak'),
  ).toBeVisible();
  await owner.goto(contractUrl);
  const approvals = owner.getByRole('region', { name: 'Approvals' });
  await approvals.getByRole('button', { name: 'Request approval' }).click();
  await expect(approvals.getByTestId('approval-state')).toHaveText('Waiting for approval');
  const approver = await approverContext.newPage();
  await approver.goto(contractUrl);
  const approverCard = approver.getByRole('region', { name: 'Approvals' });
  await approverCard.getByLabel('Comment').fill('Agreed version checked.');
  await approverCard.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approverCard.getByTestId('approval-state')).toHaveText('Approved');
  await approverContext.close();
  await owner.reload();
  await expect(approvals.getByTestId('approval-state')).toHaveText('Approved');

  // The agreed version is sent and signed; the sealed PDF names it.
  await owner.getByLabel('Name', { exact: true }).fill('Ελένη Παπαδοπούλου');
  await owner.getByLabel('Email', { exact: true }).fill(signer);
  await owner.getByRole('button', { name: 'Add Signer' }).click();
  await owner.getByRole('button', { name: 'Send for Signing' }).click();
  await expect(owner.getByRole('link', { name: /Document as sent/ })).toBeVisible(sendTimeout);
  const versions = owner.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('listitem').first()).toContainText('Sent for signing');
  await signFromEmail(browser, mailApp, signer, 'Ελένη Παπαδοπούλου');
  const completed = await waitForMail(mailApp, signer, /^Completed/);
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-e2e-negotiation-')), 'sealed.pdf');
  await writeFile(file, completed.attachments[0]?.content as Buffer);
  const text = (await run('pdftotext', [file, '-'])).stdout.replace(/\s+/g, ' ');
  expect(text).toMatch(/version 6 \(content SHA-256 [0-9a-f]{64}\)/);
  expect(text).toContain('excluding the CISG');
});
