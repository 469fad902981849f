import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, sendTimeout, test } from './fixtures';

type Received = { headers: IncomingHttpHeaders; body: string };

test.describe('webhooks in settings', () => {
  test('an admin adds an endpoint, sees a signed delivery arrive, resends it and rotates the secret', async ({
    page,
    account,
    call,
    context,
  }) => {
    void account;
    const received: Received[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pactum`;
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/settings/developers');
      const section = page.getByRole('region', { name: 'Webhooks' });
      await expect(section.getByText('No endpoints yet.')).toBeVisible();
      await section.getByLabel('Endpoint URL').fill('ftp://example.com/x');
      await section.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(section.getByRole('alert')).toContainText('http:// or https://');
      await section.getByLabel('Endpoint URL').fill(url);
      await section.getByLabel('All events, including kinds added later').uncheck();
      await section.getByLabel('Contract sent').check();
      await section.getByRole('button', { name: 'Add endpoint' }).click();
      const row = section.getByRole('listitem', { name: url });
      await expect(row).toContainText('Contract sent');

      const contract = await call<{ id: string }>('POST', '/contracts', {
        title: 'Webhook e2e',
        signers: [{ name: 'Sam Signer', email: 'sam-webhooks@example.com' }],
      });
      await call('POST', `/contracts/${contract.id}/send`, {});
      await expect.poll(() => received.length, sendTimeout).toBe(1);

      await row.getByRole('button', { name: 'Details' }).click();
      await row.getByRole('button', { name: 'Show secret' }).click();
      const secret = (await row.getByTestId('webhook-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await row.getByRole('button', { name: 'Copy secret' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      const first = received[0] as Received;
      const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
        .update(`${first.headers['webhook-id']}.${first.headers['webhook-timestamp']}.${first.body}`)
        .digest('base64');
      expect(first.headers['webhook-signature']).toBe(`v1,${expected}`);
      expect(JSON.parse(first.body)).toMatchObject({
        type: 'contract.sent',
        data: { contract: { id: contract.id } },
      });

      const deliveries = row.getByRole('list', { name: 'Deliveries' });
      await expect(deliveries.getByRole('listitem')).toHaveCount(1);
      await expect(deliveries).toContainText('200 succeeded');
      await page.screenshot({ path: test.info().outputPath('webhooks-1280.png'), fullPage: true });

      await deliveries.getByRole('button', { name: 'Resend Contract sent' }).click();
      await expect.poll(() => received.length).toBe(2);
      expect(received[1]?.headers['webhook-id']).toBe(first.headers['webhook-id']);

      await row.getByRole('button', { name: 'Rotate' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
      await expect(row.getByTestId('webhook-secret')).not.toHaveText(secret);

      await page.setViewportSize({ width: 390, height: 844 });
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: test.info().outputPath('webhooks-390.png') });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
