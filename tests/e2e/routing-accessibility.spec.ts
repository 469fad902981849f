import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import type { SigningView } from '../../src/shared/api/signing';
import { expect, sendTimeout, test } from './fixtures';
import { signOnPage, walkBar } from './mail-people';
import { accessLinkFor } from './server-log';

// The screens routing added or changed, as a keyboard user and a phone see them: the sender's
// contract page (route picture, recipients, Correct), the delegation setting, each recipient's
// signing page (approver with naming and Hand to someone else, viewer, witness, waiting,
// delegated). axe's WCAG 2.1 A/AA rules at 1280 and 390 px; screenshots at 390 px when
// PDF_SCREENSHOTS names a folder.

const screenshots = process.env.PDF_SCREENSHOTS;
const widths = [1280, 390] as const;

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** No axe violation at either width, and (at 390 px) nothing wider than the screen. */
async function checkScreen(page: Page, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await violations(page), `${name} at ${width} px`).toEqual([]);
    if (width === 390) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
      if (screenshots) await page.screenshot({ path: `${screenshots}/${name}-390.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Presses Tab until the control has the focus: it is reachable by keyboard. */
async function tabTo(page: Page, control: Locator, most = 120) {
  for (let step = 0; step < most; step += 1) {
    if (await control.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reached by Tab');
}

/** A recipient's link opened in a browser of their own. */
async function openLinkOf(browser: Browser, baseURL: string, email: string, notThese: string[] = []) {
  const link = await accessLinkFor(email, 'sign', notThese);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(link);
  return { page, link };
}

type Call = <T>(method: 'POST' | 'GET' | 'PATCH', path: string, data?: unknown) => Promise<T>;

/** A routed contract, sent in order: an approver who names a signer, a viewer, a CC, a witness. */
async function sendRouted(call: Call, suffix: string) {
  const at = (who: string) => `${who}-${suffix}@example.com`;
  const people = {
    ann: at('ann'),
    vic: at('vic'),
    bea: at('bea'),
    wes: at('wes'),
    cy: at('cy'),
  };
  await call('PATCH', '/settings/organization', { delegation: 'repeated' });
  const created = await call<{ id: string }>('POST', '/contracts', {
    title: `Routed supply deal ${suffix}`,
    content: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The supplier delivers monthly.' }] }],
    },
    signers: [
      { name: 'Ann Approver', email: people.ann, role: 'approver', signingOrder: 1 },
      { name: 'Vic Viewer', email: people.vic, role: 'viewer', signingOrder: 1 },
      { name: 'Cy Copy', email: people.cy, role: 'cc', signingOrder: 1 },
      { name: 'Bea Buyer', email: people.bea, role: 'signer', signingOrder: 2 },
      { name: 'Their signatory', role: 'signer', signingOrder: 2, namedBy: 1 },
      { name: 'Wes Witness', email: people.wes, role: 'witness', signingOrder: 2, witnessOf: 4 },
    ],
  });
  await call('POST', `/contracts/${created.id}/send`, { sequential: true });
  return { id: created.id, people };
}

test.describe('routing screens, by keyboard, at 1280 and 390 px', () => {
  test("the sender's contract page, the Correct dialog and the delegation setting", async ({
    page,
    account,
    call,
  }) => {
    test.setTimeout(120_000);
    void account;
    const { id } = await sendRouted(call, `${Date.now()}`);
    await page.goto(`/contracts/${id}`);
    const route = page.getByRole('region', { name: 'Route' });
    await expect(route.getByRole('heading', { name: 'Step 1' })).toBeVisible(sendTimeout);
    await expect(page.getByRole('list', { name: 'Signers' })).toContainText('Wes Witness');
    await checkScreen(page, 'routing-contract');

    // Correct is reached by Tab and opens a dialog that passes too; Escape keeps everything.
    const correct = page.getByRole('button', { name: 'Correct Ann Approver' });
    await page.getByRole('heading', { level: 1 }).first().click();
    await tabTo(page, correct);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Correct Ann Approver' });
    await expect(dialog.getByLabel('E-mail address')).toBeVisible();
    await checkScreen(page, 'routing-correct-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The draft's recipient editor: each role and order reached by Tab.
    const draft = await call<{ id: string }>('POST', '/contracts', {
      title: 'Routed draft',
      signers: [
        { name: 'Ann Approver', email: 'ann@example.com', role: 'approver', signingOrder: 1 },
        { name: 'Bea Buyer', email: 'bea@example.com', role: 'signer', signingOrder: 2 },
        { name: 'Wes Witness', email: 'wes@example.com', role: 'witness', signingOrder: 2, witnessOf: 2 },
        { name: 'Their signatory', role: 'signer', signingOrder: 3, namedBy: 2 },
      ],
    });
    await page.goto(`/contracts/${draft.id}`);
    await page.getByLabel('Sign in order, one after another').check();
    const order = page.getByLabel('Order of Bea Buyer');
    await expect(order).toHaveValue('2');
    await page.getByLabel('Contract Title').focus();
    await tabTo(page, page.getByLabel('Role of Bea Buyer'));
    await tabTo(page, order);
    await checkScreen(page, 'routing-recipient-editor');

    await page.goto('/settings/signing');
    const rule = page.getByLabel('Hand signing to someone else');
    await expect(rule).toHaveValue('repeated');
    await page.getByRole('heading', { level: 1 }).first().click();
    await tabTo(page, rule);
    await checkScreen(page, 'routing-delegation-setting');
  });

  test("each recipient's signing page: approver naming and delegating, delegated, viewer, waiting, witness", async ({
    browser,
    account,
    call,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    void account;
    const suffix = `${Date.now()}`;
    const { people } = await sendRouted(call, suffix);
    const base = baseURL ?? '';

    // The approver: Approve and Reject, the naming section and Hand to someone else.
    const ann = await openLinkOf(browser, base, people.ann);
    const approver = ann.page;
    await expect(approver.getByText('asks you to approve')).toBeVisible();
    await expect(approver.getByRole('heading', { name: 'Who signs next' })).toBeVisible();
    await checkScreen(approver, 'routing-approver');
    const handOn = approver.getByRole('button', { name: 'Hand to someone else' });
    await approver.getByLabel('I agree to approve electronically').focus();
    await tabTo(approver, handOn);
    await approver.keyboard.press('Enter');
    const dialog = approver.getByRole('dialog', { name: 'Hand to someone else' });
    await expect(dialog.getByLabel('Their name')).toBeVisible();
    await checkScreen(approver, 'routing-delegate-dialog');
    const dee = `dee-${suffix}@example.com`;
    await dialog.getByLabel('Their name').fill('Dee Deputy');
    await dialog.getByLabel('Their e-mail address').fill(dee);
    await dialog.getByLabel('Reason').fill('On leave this week');
    await dialog.getByRole('button', { name: 'Hand it on' }).click();
    // The old link now says only that it was handed on.
    await expect(approver.getByText(/handed this document to someone else/i)).toBeVisible();
    await checkScreen(approver, 'routing-delegated');
    await approver.context().close();

    // The viewer's opening is their part.
    const vic = await openLinkOf(browser, base, people.vic);
    await expect(vic.page.getByText('asks you to read')).toBeVisible();
    await expect(vic.page.getByRole('region', { name: 'Route' })).toContainText('Vic Viewer you');
    await checkScreen(vic.page, 'routing-viewer');

    // A later recipient's page, as the server answers one out of turn (no such link is mailed).
    const waiting = await vic.page.context().newPage();
    await waiting.route('**/api/signing/*', async (request) => {
      if (request.request().method() !== 'GET') return request.continue();
      const response = await request.fetch();
      const view = (await response.json()) as SigningView;
      const groups = view.route.groups.map((group) => ({
        ...group,
        members: group.members.map((member) => ({ ...member, you: member.name === 'Bea Buyer' })),
      }));
      await request.fulfill({
        response,
        json: { ...view, state: 'waiting', role: 'signer', route: { ...view.route, groups } },
      });
    });
    await waiting.goto(vic.link);
    await expect(waiting.getByRole('heading', { name: 'It is not your turn yet' })).toBeVisible();
    await checkScreen(waiting, 'routing-waiting');
    await vic.page.context().close();

    // The delegate names the signatory and approves.
    const deputy = await openLinkOf(browser, base, dee);
    const page = deputy.page;
    await page.getByLabel('Name of Their signatory').fill('Sol Signatory');
    await page.getByLabel('E-mail of Their signatory').fill(`sol-${suffix}@example.com`);
    await page.getByLabel('I agree to approve electronically').check();
    await walkBar(page).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'You have approved this document' })).toBeVisible();
    await checkScreen(page, 'routing-approved');
    await deputy.page.context().close();

    // Bea signs; her witness is invited, and witnesses.
    const bea = await openLinkOf(browser, base, people.bea);
    await signOnPage(bea.page, 'Bea Buyer');
    await bea.page.context().close();
    const wes = await openLinkOf(browser, base, people.wes);
    await expect(wes.page.getByText(/witness/i).first()).toBeVisible();
    await checkScreen(wes.page, 'routing-witness');
    await wes.page.context().close();
  });

  test("the verify page's recipients with their roles", async ({ browser, page, account, call, baseURL }) => {
    test.setTimeout(180_000);
    void account;
    const suffix = `${Date.now()}`;
    const at = (who: string) => `${who}-${suffix}@example.com`;
    const created = await call<{ id: string }>('POST', '/contracts', {
      title: `Routed lease ${suffix}`,
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Lease.' }] }] },
      signers: [
        { name: 'Sid Signer', email: at('sid'), role: 'signer', signingOrder: 1 },
        { name: 'Vera Viewer', email: at('vera'), role: 'viewer', signingOrder: 1 },
        { name: 'Cass Copy', email: at('cass'), role: 'cc', signingOrder: 1 },
      ],
    });
    await call('POST', `/contracts/${created.id}/send`, { sequential: true });
    const base = baseURL ?? '';
    const vera = await openLinkOf(browser, base, at('vera'));
    await expect(vera.page.getByText('asks you to read')).toBeVisible();
    await vera.page.context().close();
    const sid = await openLinkOf(browser, base, at('sid'));
    await signOnPage(sid.page, 'Sid Signer');
    await sid.page.context().close();
    let sealed: Buffer = Buffer.alloc(0);
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/contracts/${created.id}/documents/final`);
          if (response.ok()) sealed = await response.body();
          return response.status();
        },
        { timeout: 90_000, intervals: [500, 1000] },
      )
      .toBe(200);

    const verify = await (await browser.newContext({ baseURL: base })).newPage();
    await verify.goto('/verify');
    await verify
      .locator('input[type=file]')
      .setInputFiles({ name: 'sealed.pdf', mimeType: 'application/pdf', buffer: sealed });
    const result = verify.getByRole('status', { name: 'Verification result' });
    await expect(result).toContainText('Verified');
    for (const role of ['Signer', 'Viewer', 'CC']) await expect(result).toContainText(role);
    await checkScreen(verify, 'routing-verify');
  });
});
