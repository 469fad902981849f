import { randomUUID } from 'node:crypto';
import { type APIRequestContext, test as base, expect } from '@playwright/test';
import { confirmationLinkFor, tokenOf } from './server-log';

export { firstSaveTimeout, jobTimeout, pageTimeout, sendTimeout, uploadTimeout } from './waits';
export { expect };

let addressCounter = 0;

/** A distinct client address per call, so sign-up throttling treats each test as its own person. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

export type Account = { name: string; email: string; password: string; organizationName: string };

async function api<T>(
  request: APIRequestContext,
  method: 'POST' | 'GET' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    data,
    headers: { 'x-forwarded-for': freshAddress() },
  });
  if (!response.ok())
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

type Fixtures = {
  /** A new organization whose admin is signed in in this page's browser context. */
  account: Account;
  /** The demo admin, signed in in this page's browser context. */
  demo: Account;
  /** Calls the API as the signed-in user of this page. */
  call: <T>(method: 'POST' | 'GET' | 'PATCH', path: string, data?: unknown) => Promise<T>;
};

export const test = base.extend<Fixtures>({
  account: async ({ page }, use) => {
    const suffix = randomUUID().slice(0, 8);
    const account = {
      name: `Ada Lovelace ${suffix}`,
      email: `ada-${suffix}@example.com`,
      password: 'correct horse battery staple',
      organizationName: `Analytical Engines ${suffix}`,
    };
    // The real sign-up: the request, the e-mailed link (from the demo server's log), its confirmation.
    await api(page.request, 'POST', '/auth/sign-up', account);
    const link = await confirmationLinkFor(account.email);
    // With the password, as from another browser: this context's sign-up cookie would also do.
    await api(page.request, 'POST', '/auth/sign-up/confirm', {
      token: tokenOf(link),
      password: account.password,
    });
    await use(account);
  },
  demo: async ({ page }, use) => {
    const demo = {
      name: 'Demo User',
      email: 'demo@example.com',
      password: 'pactum-demo',
      organizationName: 'Demo Company',
    };
    await api(page.request, 'POST', '/auth/sign-in', { email: demo.email, password: demo.password });
    await use(demo);
  },
  call: async ({ page }, use) => {
    await use((method, path, data) => api(page.request, method, path, data));
  },
});
