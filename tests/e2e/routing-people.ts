import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { signingTokenIn } from '../support/smtp-peer';
import { expect, type MailApp } from './mail-app';
import { latestMail } from './mail-people';
import { pageTimeout } from './waits';

/**
 * What the routing specs share: the sender's editor and contract page, a recipient's own browser
 * opened from their mail or from a link the sender copied, and the checks on each new screen.
 */

/** The page's axe violations, one line each (none expected); `only` narrows it to a selector. */
export async function axeViolations(page: Page, only?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (only ? builder.include(only) : builder).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
  );
}

/** Presses Tab until the control has the focus: it is reachable by keyboard. */
export async function tabTo(page: Page, control: Locator, most = 80) {
  for (let step = 0; step < most; step += 1) {
    if (await control.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reached by Tab');
}

/** Adds a recipient with the editor's add form. */
export async function addRecipient(page: Page, name: string, email: string, role: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: /^Add (Signer|Approver|Viewer|CC|Witness)$/ }).click();
}

/** A signing page opened at `path` in a browser of the recipient's own (no one else's cookies). */
export async function openAs(browser: Browser, app: MailApp, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseURL });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/**
 * Opens a recipient's e-mailed invitation in a browser of their own: the newest once they have
 * `count` (one per contract they are on).
 */
export async function openInvitation(
  browser: Browser,
  app: MailApp,
  email: string,
  count = 1,
): Promise<Page> {
  const invitation = await latestMail(app, email, /sent you/, count);
  return openAs(browser, app, `/sign/${signingTokenIn(invitation)}`);
}

/**
 * The sender's 'Copy link' for a recipient on the contract page: the link, as the page shows it
 * (the clipboard is the browser's to allow; the visible text is always there).
 */
export async function copyLinkOf(sender: Page, name: string): Promise<string> {
  await sender.getByRole('button', { name: `Copy the signing link of ${name}` }).click();
  const field = sender.getByLabel(`Signing link of ${name}`, { exact: true });
  await expect(field).toHaveValue(/\/sign\/[A-Za-z0-9_-]{43}$/, pageTimeout);
  return new URL(await field.inputValue()).pathname;
}
