import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { accessLinkFor, tokenOf } from './server-log';

type Call = <T>(method: 'POST' | 'GET' | 'PATCH', path: string, data?: unknown) => Promise<T>;

/**
 * A member of the account's organization, signed in in a browser of their own: invited by the
 * account, their link read from the demo server's log once the mail job sent it (the outbox never
 * shows it), and their account made from that link (which proves the address), so they join at
 * once.
 */
export async function memberContext(browser: Browser, call: Call, name: string): Promise<BrowserContext> {
  const email = `member-${randomUUID().slice(0, 8)}@example.com`;
  await call('POST', '/team/invitations', { email, role: 'member' });
  const token = tokenOf(await accessLinkFor(email, 'invitations'));
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const signUp = await context.request.post('/api/auth/sign-up/invitation', {
    data: { token, name, password: 'quiet harbor lantern 42' },
    // An address of their own, so sign-up throttling treats them as their own person.
    headers: {
      'x-forwarded-for': `10.98.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  return context;
}
