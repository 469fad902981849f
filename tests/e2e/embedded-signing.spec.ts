import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, pageTimeout, sendTimeout, test } from './fixtures';
import { signOnPage } from './mail-people';

/** The page an integrator pastes, exactly as the README gives it (its one placeholder filled in). */
function readmeSnippet(signingUrl: string): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const snippet = /<!-- embed-snippet[^>]*-->\n```html\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!snippet) throw new Error('The README has no embed snippet');
  return `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Host app</title></head><body style="margin:0">${snippet.replace('SIGNING_URL', signingUrl)}</body></html>`;
}

/** Another web app, on a site of its own (localhost, where Pactum is 127.0.0.1): it serves the snippet. */
async function hostApp(): Promise<{ origin: string; show(url: string): void; server: Server }> {
  let html = '';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://localhost:${port}`, show: (url) => (html = readmeSnippet(url)), server };
}

async function api<T>(request: APIRequestContext, method: string, path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`/api${path}`, { method, data });
  if (!response.ok())
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** What the snippet logs of each message it receives ("pactum: contract.signed {}"). */
function messagesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('pactum: ')) seen.push(text.slice('pactum: '.length).split(' ')[0] ?? '');
  });
  return seen;
}

test.describe('signing embedded in another web app', () => {
  test('the README snippet shows the signing page on an allowed origin, hears each step, and the page refuses any other frame', async ({
    page,
    account,
    browser,
  }) => {
    test.setTimeout(150_000);
    void account;
    const host = await hostApp();
    const third = await hostApp();
    try {
      // The admin lists the host app's origin, as in Settings (a path typed with it is cut off).
      await page.goto('/settings/developers#embedding');
      const origins = page.getByLabel(/Web origins, one a line/);
      await expect(origins).toBeVisible(pageTimeout);
      await origins.fill('http://app.example.com');
      await page.getByRole('button', { name: 'Save origins' }).click();
      await expect(page.getByText(/is not a web origin/)).toBeVisible();
      await origins.fill(`${host.origin}/checkout`);
      await page.getByRole('button', { name: 'Save origins' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
      await expect(origins).toHaveValue(host.origin);
      await page.locator('#embedding').screenshot({ path: test.info().outputPath('embedding-settings.png') });
      const contract = await api<{ id: string; signers: { id: string }[] }>(
        page.request,
        'POST',
        '/contracts',
        {
          title: 'Equipment rental',
          content: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [{ type: 'text', text: 'The renter returns the equipment by Friday.' }],
              },
            ],
          },
          signers: [
            { name: 'Eve Embedded', email: 'eve-embedded@example.com', embedded: true },
            { name: 'Finn Framed', email: 'finn-framed@example.com', embedded: true },
          ],
        },
      );
      await expect
        .poll(
          async () => (await page.request.post(`/api/contracts/${contract.id}/send`, { data: {} })).status(),
          sendTimeout,
        )
        .toBe(200);
      const urlFor = async (signerId: string) =>
        (
          await api<{ url: string }>(
            page.request,
            'POST',
            `/contracts/${contract.id}/signers/${signerId}/embed`,
            {
              origin: host.origin,
            },
          )
        ).url;
      const [eve, finn] = contract.signers;
      if (!eve || !finn) throw new Error('two recipients expected');

      // A narrow host page: the frame is about 320 px wide.
      const visitor = await browser.newContext({ viewport: { width: 336, height: 800 } });
      const hostPage = await visitor.newPage();
      const heard = messagesOf(hostPage);
      const eveUrl = await urlFor(eve.id);
      host.show(eveUrl);
      await hostPage.goto(host.origin);
      const frame = hostPage.frameLocator('iframe[title="Sign the document"]');
      await expect(frame.getByRole('heading', { name: 'Equipment rental' })).toBeVisible(pageTimeout);
      await expect.poll(() => heard).toContain('signing.ready');
      const overflow = await frame.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await hostPage.screenshot({ path: test.info().outputPath('embedded-320.png'), fullPage: false });

      await signOnPage(hostPage, 'Eve Embedded', frame, sendTimeout);
      await expect.poll(() => heard).toContain('contract.signed');
      await hostPage.screenshot({ path: test.info().outputPath('embedded-signed.png') });

      // The same URL again, after signing: the page says it expired, and tells the host so.
      const again = await visitor.newPage();
      const heardAgain = messagesOf(again);
      await again.goto(host.origin);
      await expect(again.frameLocator('iframe').getByText(/expired or was already opened/)).toBeVisible(
        pageTimeout,
      );
      await expect.poll(() => heardAgain).toContain('signing.expired');

      // A third site framing a fresh URL: the browser refuses the frame, and nothing is heard.
      const refusals: string[] = [];
      const thirdPage = await visitor.newPage();
      thirdPage.on('console', (message) => refusals.push(message.text()));
      const heardThird = messagesOf(thirdPage);
      third.show(await urlFor(finn.id));
      await thirdPage.goto(third.origin);
      await expect.poll(() => refusals.join('\n')).toContain('frame-ancestors');
      expect(heardThird).toEqual([]);
      await expect(
        thirdPage.frameLocator('iframe').getByRole('heading', { name: 'Equipment rental' }),
      ).toHaveCount(0);
      await visitor.close();
    } finally {
      host.server.close();
      third.server.close();
    }
  });
});
