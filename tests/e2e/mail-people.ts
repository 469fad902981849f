import type { Browser, FrameLocator, Locator, Page } from '@playwright/test';
import { signingTokenIn } from '../support/smtp-peer';
import { expect, type MailApp } from './mail-app';
import { jobTimeout } from './waits';

/** The first mail the address received whose subject matches, waiting for the mail job. */
export async function waitForMail(app: MailApp, email: string, subject: RegExp) {
  const matching = () => app.peer.to(email).filter((mail) => subject.test(mail.subject ?? ''));
  await expect.poll(() => matching().length, jobTimeout).toBeGreaterThan(0);
  const mail = matching()[0];
  if (!mail) throw new Error('unreachable');
  return mail;
}

/** The newest mail the address received whose subject matches, once there are `count` of them. */
export async function latestMail(app: MailApp, email: string, subject: RegExp, count: number) {
  const matching = () => app.peer.to(email).filter((mail) => subject.test(mail.subject ?? ''));
  await expect.poll(() => matching().length, jobTimeout).toBeGreaterThanOrEqual(count);
  const mail = matching().at(-1);
  if (!mail) throw new Error('unreachable');
  return mail;
}

/** A person who signed up (the real sign-up and its e-mailed confirmation), signed in in a browser of their own. */
export async function signedUpPage(
  browser: Browser,
  app: MailApp,
  person: { name: string; email: string; organizationName: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseURL });
  const headers = {
    'x-forwarded-for': `10.202.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
  const response = await context.request.post('/api/auth/sign-up', {
    data: { ...person, password: 'correct horse battery staple' },
    headers,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const mail = await waitForMail(app, person.email, /finish creating your Pactum account/);
  const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
  const confirmed = await context.request.post('/api/auth/sign-up/confirm', { data: { token }, headers });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return context.newPage();
}

/**
 * Opens the e-mailed signing link in a browser of the signer's own, consents, draws and signs;
 * `beforeSigning` checks what the signer is shown first.
 */
export async function signFromEmail(
  browser: Browser,
  app: MailApp,
  email: string,
  name: string,
  beforeSigning: (page: Page) => Promise<void> = async () => {},
) {
  const invitation = await waitForMail(app, email, /sent you/);
  const context = await browser.newContext({ baseURL: app.baseURL });
  const page = await context.newPage();
  await page.goto(`/sign/${signingTokenIn(invitation)}`);
  await beforeSigning(page);
  await signOnPage(page, name);
  await context.close();
}

/**
 * On an open signing page: consents, types the name, draws a signature and signs. `within` is the
 * page's frame when another site shows it (embedded signing); the mouse is the top page's.
 */
export async function signOnPage(
  page: Page,
  name: string,
  within: Page | FrameLocator = page,
  signed: { timeout?: number } = {},
) {
  await within.getByLabel('I agree to sign electronically').check();
  await within.getByLabel('Full name').fill(name);
  const pad = within.getByRole('img', { name: /Signature pad/ });
  // In the middle of the screen, clear of the walk's bar at its foot.
  await pad.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  // A stroke across most of the pad, however narrow the page.
  const stride = Math.min(20, (box.width - 60) / 10);
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(box.x + 30 + step * stride, box.y + box.height * (0.6 - 0.25 * Math.sin(step / 2)));
  }
  await page.mouse.up();
  // Everything done, the walk's last step signs.
  const button = walkBar(within).getByRole('button', { name: 'Finish' });
  await button.click();
  await expect(within.getByRole('heading', { name: 'You have signed this document' })).toBeVisible(signed);
}

/** The signing page's walk: its count of what is done, the field's input, Start / Next / Finish. */
export const walkBar = (page: Page | FrameLocator) => page.getByRole('region', { name: 'Signing steps' });

/** How many of the things to do the walk counts done, and of how many ("3 of 7"). */
export async function walkProgress(page: Page): Promise<{ done: number; total: number }> {
  const text =
    (await walkBar(page)
      .getByText(/^\d+ of \d+$/)
      .textContent()) ?? '';
  const [done, total] = text.split(' of ').map(Number);
  return { done: done ?? Number.NaN, total: total ?? Number.NaN };
}

/**
 * Taps a field of the signer's on the document's page (by its name), which opens its input in the
 * walk's bar, and returns that input.
 */
export async function openField(page: Page, name: string): Promise<Locator> {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .getByRole('region', { name: 'Document' })
    .getByRole('button', { name: new RegExp(`^${escaped}(, required)?:`) })
    .click();
  return walkBar(page).getByLabel(`${name} (required)`, { exact: true });
}
