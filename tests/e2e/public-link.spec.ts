import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, jobTimeout, pageTimeout, sendTimeout, test } from './fixtures';
import { signOnPage } from './mail-people';
import { accessLinkFor } from './server-log';

/**
 * A template published at a public link: the owner publishes it from the template editor, a
 * visitor on a phone opens the link, gives their name and address and signs, then the owner's
 * countersigner signs from their invitation and the contract completes; the owner follows it in
 * the link's submissions.
 */
test('a visitor signs a public link on a phone, then the countersigner signs and it completes', async ({
  page,
  browser,
  account: _account,
  call,
}, testInfo) => {
  test.setTimeout(240_000);
  const suffix = randomUUID().slice(0, 8);
  const countersigner = `counter-${suffix}@example.com`;
  const visitorEmail = `visitor-${suffix}@example.com`;
  const template = await call<{ id: string }>('POST', '/contracts', {
    title: 'Website NDA',
    isTemplate: true,
    content: {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'The visitor keeps what they see here to themselves.' }],
        },
      ],
    },
    signers: [
      { name: 'Visitor', email: 'role-1@template.invalid', role: 'signer', signingOrder: 1 },
      { name: 'Countersigner', email: countersigner, role: 'signer', signingOrder: 2 },
    ],
  });

  await test.step('the owner publishes the template at a link', async () => {
    await page.goto(`/templates/${template.id}`);
    const card = page.getByRole('region', { name: 'Public links' });
    await page.getByRole('button', { name: 'Publish a link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish a public link' });
    await dialog.getByLabel('Name (for you)').fill('NDA on the website');
    await expect(dialog.getByLabel('The visitor signs as')).toHaveValue('1');
    await dialog.getByLabel('At most in all').fill('50');
    await dialog.getByLabel('Websites that may embed it (optional)').fill('https://www.Example.com/');
    await page.screenshot({ path: testInfo.outputPath('owner-publish-dialog-1280.png') });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();
    const item = page.getByRole('listitem', { name: 'NDA on the website' });
    await expect(item).toContainText('Taking submissions');
    await expect(item).toContainText('Signs as Visitor · 0 submissions of 50');
    await expect(card).toBeVisible();
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('owner-links-1280.png') });
    const axe = await new AxeBuilder({ page })
      .include('section[aria-labelledby="public-links-title"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  });

  const url = await page.getByRole('textbox', { name: 'Link of NDA on the website' }).inputValue();
  expect(url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);

  await test.step('a visitor on a phone opens the link, gives their name and address, and signs', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
      extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200) + 1}` },
    });
    const visitor = await phone.newPage();
    await visitor.goto(new URL(url).pathname);
    await expect(visitor.getByRole('heading', { name: 'Website NDA' })).toBeVisible(pageTimeout);
    await expect(visitor.getByText('You sign as Visitor.')).toBeVisible();
    await visitor.getByLabel('Full name').fill('Vera Visitor');
    await visitor.getByLabel('Email address').fill(visitorEmail);
    await visitor.screenshot({ path: testInfo.outputPath('visitor-390.png'), fullPage: true });
    const axe = await new AxeBuilder({ page: visitor })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitor.getByRole('button', { name: 'Continue to the document' }).click();
    await expect(visitor).toHaveURL(/\/sign\/[A-Za-z0-9_-]{43}$/, sendTimeout);
    await signOnPage(visitor, 'Vera Visitor');
    await visitor.screenshot({ path: testInfo.outputPath('visitor-signed-390.png'), fullPage: true });
    await phone.close();
  });

  await test.step('the countersigner signs from their invitation, and the contract completes', async () => {
    const path = await accessLinkFor(countersigner, 'sign');
    const context = await browser.newContext();
    const counter = await context.newPage();
    await counter.goto(path);
    await signOnPage(counter, 'Carl Counter');
    await context.close();

    await page.reload();
    const item = page.getByRole('listitem', { name: 'NDA on the website' });
    await expect(item).toContainText('1 submission of 50', pageTimeout);
    await item.getByRole('button', { name: 'Submissions (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submissions of NDA on the website' });
    await expect(dialog.getByRole('row', { name: /Vera Visitor/ })).toContainText(visitorEmail);
    await expect(async () => {
      await page.reload();
      await page
        .getByRole('listitem', { name: 'NDA on the website' })
        .getByRole('button', { name: /Submissions/ })
        .click();
      await expect(
        page
          .getByRole('dialog', { name: 'Submissions of NDA on the website' })
          .getByRole('link', { name: /Signed/ }),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass(jobTimeout);
    await page.screenshot({ path: testInfo.outputPath('owner-submissions-1280.png') });
  });
});

test('a link turned off, and one past its cap, tell the visitor plainly', async ({
  page,
  account: _account,
  call,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const template = await call<{ id: string }>('POST', '/contracts', {
    title: 'Visitor waiver',
    isTemplate: true,
    signers: [
      { name: 'Guest', email: 'role-1@template.invalid', role: 'signer', signingOrder: 1 },
      {
        name: 'Host',
        email: `host-${randomUUID().slice(0, 8)}@example.com`,
        role: 'signer',
        signingOrder: 2,
      },
    ],
  });
  const link = await call<{ id: string; url: string }>('POST', `/templates/${template.id}/public-links`, {
    roleNumber: 1,
    name: 'Front desk',
  });
  await page.goto(`/templates/${template.id}`);
  const item = page.getByRole('listitem', { name: 'Front desk' });
  await item.getByRole('button', { name: 'Turn off' }).click();
  await expect(item).toContainText('Off');

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await context.newPage();
  await visitor.goto(new URL(link.url).pathname);
  await expect(visitor.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible(pageTimeout);
  await expect(visitor.getByText('This link is not valid, or it was turned off.')).toBeVisible();

  await item.getByRole('button', { name: 'Turn on' }).click();
  await expect(item).toContainText('Taking submissions');
  await call('PATCH', `/public-links/${link.id}`, { maxTotal: 1 });
  const token = new URL(link.url).pathname.split('/').at(-1);
  const first = await visitor.request.post(`/api/public-signing/${token}/start`, {
    data: { name: 'First Guest', email: 'first-guest@example.com' },
    headers: { 'x-forwarded-for': '198.51.100.250' },
  });
  expect(first.status(), await first.text()).toBe(200);
  await visitor.reload();
  await expect(
    visitor.getByText('This link has taken all the submissions it accepts: it takes no more.'),
  ).toBeVisible(pageTimeout);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(item).toContainText('1 submission of 1');
  await expect(item).toContainText('Cap reached');
  await item.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('owner-links-390.png') });
  await context.close();
});

/** Another web app, on a site of its own (localhost, where Pactum is 127.0.0.1), framing the link's page. */
async function hostApp() {
  let frameUrl = '';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Host</title></head><body style="margin:0">
<iframe src="${frameUrl}" title="Sign the NDA" style="width:100%;height:90vh;border:0"></iframe>
<script>window.addEventListener('message', (event) => {
  if (event.origin !== ${JSON.stringify(new URL(frameUrl || 'http://x').origin)} || event.data?.source !== 'pactum') return;
  console.log('pactum: ' + event.data.type);
});</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://localhost:${port}`, frame: (url: string) => (frameUrl = url), server };
}

test('a public link embedded in another site: the visitor submits and signs in the frame, and the site hears it', async ({
  page,
  account: _account,
  call,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const host = await hostApp();
  try {
    const template = await call<{ id: string }>('POST', '/contracts', {
      title: 'Club waiver',
      isTemplate: true,
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'I take part at my own risk.' }] }],
      },
      signers: [
        { name: 'Member', email: 'role-1@template.invalid', role: 'signer', signingOrder: 1 },
        {
          name: 'Club',
          email: `club-${randomUUID().slice(0, 8)}@example.com`,
          role: 'signer',
          signingOrder: 2,
        },
      ],
    });
    const link = await call<{ url: string }>('POST', `/templates/${template.id}/public-links`, {
      roleNumber: 1,
      name: 'Waiver on the club site',
      embedOrigins: [host.origin],
    });
    const token = new URL(link.url).pathname.split('/').at(-1);
    host.frame(`${baseURL}/embed/p/${token}?origin=${encodeURIComponent(host.origin)}`);

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const hostPage = await visitor.newPage();
    const heard: string[] = [];
    hostPage.on('console', (message) => {
      if (message.text().startsWith('pactum: ')) heard.push(message.text().slice('pactum: '.length));
    });
    await hostPage.goto(host.origin);
    const frame = hostPage.frameLocator('iframe[title="Sign the NDA"]');
    await expect(frame.getByRole('heading', { name: 'Club waiver' })).toBeVisible(pageTimeout);
    await frame.getByLabel('Full name').fill('Mia Member');
    await frame.getByLabel('Email address').fill(`mia-${randomUUID().slice(0, 8)}@example.com`);
    await hostPage.screenshot({ path: testInfo.outputPath('embedded-link-390.png') });
    await frame.getByRole('button', { name: 'Continue to the document' }).click();
    await expect.poll(() => heard).toContain('public_link.submitted');
    await frame.getByLabel('I agree to sign electronically').check({ timeout: sendTimeout.timeout });
    await signOnPage(hostPage, 'Mia Member', frame, sendTimeout);
    await expect.poll(() => heard).toContain('contract.signed');
    await hostPage.screenshot({ path: testInfo.outputPath('embedded-link-signed-390.png') });
    await visitor.close();
    void page;
  } finally {
    host.server.close();
  }
});
