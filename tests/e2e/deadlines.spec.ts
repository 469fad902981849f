import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { addDays, addMonths } from '../../src/shared/terms';
import { type ClockApp, expect, test } from './clock-app';
import { sendTimeout } from './fixtures';
import { signedUpPage, signFromEmail, waitForMail } from './mail-people';
import { jobTimeout } from './waits';

// One server whose clock the tests move: they run in order, each after the one before.
test.describe.configure({ mode: 'serial' });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** 'Mar 5, 2027', as the app writes a calendar day. */
const shown = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

async function sealedPdf(page: Page, contractId: string): Promise<Buffer> {
  const response = await page.request.get(`/api/contracts/${contractId}/documents/final`);
  expect(response.status()).toBe(200);
  return Buffer.from(await response.body());
}

/** Each new screen passes axe-core's WCAG 2.1 A and AA rules, then is photographed at both widths. */
async function shoot(page: Page, name: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    })),
    name,
  ).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Nothing scrolls the page sideways, on a phone either.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Days passed on the server end the sender's session, as they would: sign in again. */
async function moveOn(days: number) {
  await app.advanceDays(days);
  const response = await sender.request.post('/api/auth/sign-in', {
    data: { email: senderEmail, password: 'correct horse battery staple', remember: true },
    headers: {
      'x-forwarded-for': `10.203.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

let app: ClockApp;
let sender: Page;
let contractId = '';
let today = '';
const suffix = `${Date.now()}`;
const senderEmail = `olive-${suffix}@example.com`;
const title = 'Cloud hosting agreement';

test.describe('key terms and deadlines', () => {
  test('terms set on a signed contract leave its sealed PDF as it was', async ({ browser, clockApp }) => {
    test.setTimeout(180_000);
    app = clockApp;
    today = await app.advanceDays(0);
    sender = await signedUpPage(browser, app, {
      name: 'Olive Owner',
      email: senderEmail,
      organizationName: `Owner & Co ${suffix}`,
    });
    const signer = `sam-${suffix}@example.com`;
    await sender.goto('/contracts/new');
    await sender.getByLabel('Contract Title').fill(title);
    await sender.getByRole('textbox', { name: 'Contract content' }).click();
    await sender.keyboard.type('The provider hosts the services for the customer.');
    await sender.getByLabel('Name', { exact: true }).fill('Sam Signer');
    await sender.getByLabel('Email', { exact: true }).fill(signer);
    await sender.getByRole('button', { name: 'Add Signer' }).click();
    await sender.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(sender).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, sendTimeout);
    contractId = /\/contracts\/([0-9a-f-]{36})$/.exec(sender.url())?.[1] ?? '';
    await signFromEmail(browser, app, signer, 'Sam Signer');
    await waitForMail(app, senderEmail, /^Completed/);
    const before = sha256(await sealedPdf(sender, contractId));

    // Ends in 20 days with 10 days' notice, renewing for a month: the notice deadline is in 10 days.
    await sender.reload();
    const card = sender.getByRole('region', { name: 'Key terms' });
    await expect(card).toContainText('Not set');
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = sender.getByRole('dialog', { name: 'Edit key terms' });
    await dialog.getByLabel('Company').fill('Nimbus Hosting GmbH');
    await dialog.getByLabel('Contact e-mail').fill('not an address');
    await dialog.getByLabel('Value').fill('12000');
    await dialog.getByLabel('Currency').fill('EUR');
    await dialog.getByLabel('Effective date').fill(today);
    await dialog.getByLabel('Duration').selectOption('until');
    await dialog.getByLabel('End date').fill(addDays(today, 20));
    await dialog.getByLabel('Renewal', { exact: true }).selectOption('automatic');
    await dialog.getByLabel('Renewal period in months').fill('1');
    await dialog.getByLabel('Notice period in days').fill('10');
    await dialog.getByLabel('Tags').fill('hosting, critical');
    await dialog.getByRole('button', { name: 'Save terms' }).click();
    // The server's message stands under the field it is about.
    await expect(dialog.getByLabel('Contact e-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Enter a valid e-mail address for the contact')).toBeVisible();
    await shoot(sender, 'terms-dialog');
    await dialog.getByLabel('Contact e-mail').fill('ops@nimbus.example');
    await dialog.getByRole('button', { name: 'Save terms' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Nimbus Hosting GmbH');
    await expect(card).toContainText('€12,000.00');
    await expect(card).toContainText(shown(addDays(today, 10)));
    await expect(card).toContainText('Renews automatically for 1 month');
    await card.getByRole('button', { name: 'Watch' }).click();
    await expect(card.getByRole('button', { name: 'Unwatch' })).toHaveAttribute('aria-pressed', 'true');
    await card.getByRole('button', { name: 'Unwatch' }).click();
    await expect(card.getByRole('button', { name: 'Watch' })).toHaveAttribute('aria-pressed', 'false');
    await shoot(sender, 'contract-terms');

    expect(sha256(await sealedPdf(sender, contractId))).toBe(before);
    await expect(sender.getByRole('list', { name: 'History' })).toContainText('Key terms changed');
  });

  test('the calendar feed holds the notice deadline on its day', async ({ request }) => {
    await sender.goto('/profile');
    const reminders = sender.getByRole('region', { name: 'Deadline reminders' });
    await expect(reminders.getByRole('list', { name: 'Lead times' })).toContainText('30 days before');
    await reminders.getByLabel('Days before a deadline').fill('3');
    await reminders.getByRole('button', { name: 'Add' }).click();
    await expect(reminders.getByRole('list', { name: 'Lead times' })).toContainText('3 days before');
    await reminders.getByRole('button', { name: 'Make a calendar feed' }).click();
    const address = reminders.getByLabel('Calendar feed address');
    await expect(address).toHaveValue(/\/api\/calendar-feeds\/[A-Za-z0-9_-]+\.ics$/);
    await shoot(sender, 'profile-reminders');
    const url = await address.inputValue();
    // A calendar application fetches it without a session.
    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    const notice = events.find((event) => event.summary.includes(title) && /notice/i.test(event.summary));
    expect(notice, events.map((event) => event.summary).join('; ')).toBeDefined();
    expect(notice?.startDate.toString().slice(0, 10)).toBe(addDays(today, 10));
  });

  test('a reminder is mailed before the notice deadline once the days pass, and the bell shows it', async () => {
    test.setTimeout(120_000);
    // Nine days on, the notice deadline is tomorrow: the 3-day lead time (and those before) reached.
    await moveOn(9);
    await waitForMail(app, senderEmail, /^Notice deadline of "Cloud hosting agreement" tomorrow/);
    await sender.goto('/dashboard');
    const bell = sender.getByRole('button', { name: /Notifications, \d+ unread/ });
    await expect(bell).toBeVisible(jobTimeout);
    await bell.click();
    await expect(sender.getByRole('menu', { name: 'Notifications' })).toContainText(title);
    await sender.keyboard.press('Escape');
    await expect(sender.getByRole('region', { name: 'Coming up' })).toContainText(title);
    await shoot(sender, 'dashboard');
  });

  test('an automatic renewal moves the end date on a month and is in the history', async () => {
    test.setTimeout(120_000);
    // Past the end date (today + 20): it renews for a month.
    await moveOn(12);
    const renewedEnd = addMonths(addDays(today, 20), 1);
    await sender.goto(`/contracts/${contractId}`);
    const card = sender.getByRole('region', { name: 'Key terms' });
    await expect(card).toContainText(shown(renewedEnd), jobTimeout);
    await expect(sender.getByRole('list', { name: 'History' })).toContainText(
      `the end date moved from ${addDays(today, 20)} to ${renewedEnd}`,
    );
  });

  test('the deadlines page lists them by month and in a calendar', async () => {
    const renewedEnd = addMonths(addDays(today, 20), 1);
    await sender.goto('/deadlines');
    await expect(sender.getByRole('heading', { name: 'Deadlines', level: 1 })).toBeVisible();
    const list = sender.getByRole('list', { name: /Deadlines in / }).first();
    await expect(list).toContainText(title);
    await expect(list.getByText('Renews automatically').first()).toBeVisible();
    await expect(list).toContainText('Nimbus Hosting GmbH');
    await shoot(sender, 'deadlines-list');
    await sender.getByRole('button', { name: 'Calendar' }).click();
    // The renewed notice deadline falls ten days before the renewed end.
    const noticeDay = addDays(renewedEnd, -10);
    // The calendar opens at the browser's month; each Next month is waited for before the next
    // (clicking on while the month had not changed yet ran past the one sought).
    await expect(sender.getByRole('table', { name: /^Deadlines in / })).toBeVisible();
    let month = (await sender.evaluate(() => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
    })) as string;
    while (month.slice(0, 7) < noticeDay.slice(0, 7)) {
      await sender.getByRole('button', { name: 'Next month' }).click();
      month = addMonths(month, 1);
      await expect(sender.getByRole('table', { name: `Deadlines in ${monthName(month)}` })).toBeVisible();
    }
    const grid = sender.getByRole('table', { name: `Deadlines in ${monthName(noticeDay)}` });
    const cell = grid.locator(`[data-day="${noticeDay}"]`);
    await expect(cell).toHaveAccessibleName(`${shown(noticeDay)}, 1 deadline`);
    await expect(cell.getByRole('link', { name: title })).toBeVisible();
    // Arrow keys move between days.
    await grid.locator('[tabindex="0"]').focus();
    await sender.keyboard.press('ArrowRight');
    await expect(grid.locator('[tabindex="0"]')).toBeFocused();
    await shoot(sender, 'deadlines-calendar');
  });

  test('admins keep the contract types and own terms; the list edits the terms of the contracts chosen', async () => {
    await sender.goto('/settings/general');
    const section = sender.getByRole('region', { name: 'Contract terms' });
    await section.getByLabel('New type').fill('Hosting');
    await section.getByRole('button', { name: 'Add type' }).click();
    await expect(section.getByLabel('Name of the type Hosting')).toHaveValue('Hosting');
    await section.getByLabel('New term').fill('Region');
    await section.getByLabel('Kind').selectOption('choice');
    await section.getByLabel('Choices').fill('EMEA, Americas');
    await section.getByRole('button', { name: 'Add term' }).click();
    await expect(section.getByLabel('Name of the term Region')).toHaveValue('Region');
    await expect(section.getByLabel('Choices of Region, separated by commas')).toHaveValue('EMEA, Americas');
    await section.scrollIntoViewIfNeeded();
    await shoot(sender, 'settings-contract-terms');

    await sender.goto('/contracts');
    await sender.getByLabel(`Select ${title}`).check();
    await sender.getByRole('button', { name: 'Edit terms' }).click();
    const dialog = sender.getByRole('dialog', { name: 'Edit terms of 1 contract' });
    await dialog.getByLabel('Type').selectOption({ label: 'Hosting' });
    await dialog.getByLabel('Add tags').fill('review');
    await dialog.getByLabel('Remove tags').fill('critical');
    await shoot(sender, 'bulk-terms');
    await dialog.getByRole('button', { name: 'Apply to 1 contract' }).click();
    await expect(
      sender.getByRole('status').filter({ hasText: 'Terms changed on 1 contract.' }),
    ).toBeVisible();
    await shoot(sender, 'contracts-list');

    await sender.goto(`/contracts/${contractId}`);
    const card = sender.getByRole('region', { name: 'Key terms' });
    await expect(card).toContainText('Hosting');
    const tags = card.getByRole('list', { name: 'Tags' });
    await expect(tags).toContainText('review');
    await expect(tags).not.toContainText('critical');
    await sender.goto('/settings/general');
    await expect(sender.getByRole('list', { name: 'Contract types' })).toContainText('1 contract');
  });

  test("a template's key terms name the merge fields that fill them, and a contract made from it takes them", async () => {
    const field = (key: string, label: string) => ({
      type: 'mergeField',
      attrs: { key, label, value: null },
    });
    const created = await sender.request.post('/api/contracts', {
      data: {
        title: 'Hosting order form',
        isTemplate: true,
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Order by ' },
                field('client', 'Client'),
                { type: 'text', text: ' for ' },
                field('fee', 'Fee'),
              ],
            },
          ],
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const templateId = ((await created.json()) as { id: string }).id;
    await sender.goto(`/templates/${templateId}`);
    const card = sender.getByRole('region', { name: 'Key terms' });
    await expect(card).toContainText('Every contract made from this template starts with these terms.');
    await expect(card.getByRole('button', { name: 'Watch' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = sender.getByRole('dialog', { name: 'Edit key terms' });
    const sources = dialog.getByRole('group', { name: 'Filled from merge fields' });
    await sources.getByLabel('Counterparty').selectOption({ label: 'Client' });
    await sources.getByLabel('Value').selectOption({ label: 'Fee' });
    await dialog.getByLabel('Notice period in days').fill('30');
    await sources.scrollIntoViewIfNeeded();
    await shoot(sender, 'template-terms-dialog');
    await dialog.getByRole('button', { name: 'Save terms' }).click();
    await expect(dialog).toBeHidden();
    await card.getByRole('button', { name: 'Edit' }).click();
    await expect(sources.getByLabel('Counterparty')).toHaveValue('client');
    await sender.keyboard.press('Escape');
    await expect(card).toContainText('From the merge field Client');

    const made = await sender.request.post(`/api/templates/${templateId}/contracts`, {
      data: { values: { client: 'Helios Energy AG', fee: '€ 4.800,00' } },
    });
    expect(made.status(), await made.text()).toBe(201);
    await sender.goto(`/contracts/${((await made.json()) as { id: string }).id}`);
    const terms = sender.getByRole('region', { name: 'Key terms' });
    await expect(terms).toContainText('Helios Energy AG');
    await expect(terms).toContainText('€4,800.00');
    await expect(terms).toContainText("30 days' notice");
  });
});

function monthName(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
