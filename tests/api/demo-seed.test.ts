import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCredentials, seedDemoWorkspace } from '../../src/server/db/seed-demo';
import { call, createTestContext, sessionCookieOf, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    config: { appUrl: new URL('http://localhost:3000'), sessionSecret: 'x'.repeat(40), demo: true },
  });
});
afterAll(() => ctx.close());

describe('demo workspace', () => {
  it('is seeded once, signs in with the advertised credentials, and looks alive', async () => {
    expect(await seedDemoWorkspace(ctx.database.db)).toBe(true);
    expect(await seedDemoWorkspace(ctx.database.db)).toBe(false);

    const credentials = (await ctx.app.inject({ url: '/api/demo-credentials' })).json();
    expect(credentials).toEqual(demoCredentials);
    const signIn = await call(ctx, null, { method: 'POST', url: '/api/auth/sign-in', json: credentials });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({
      name: 'Demo User',
      role: 'admin',
      organization: { name: 'Demo Company' },
    });
    const cookie = sessionCookieOf(signIn) ?? '';

    const get = (url: string) => ctx.app.inject({ url, headers: { cookie } }).then((r) => r.json());
    const dashboard = await get('/api/dashboard');
    expect(dashboard.counts).toEqual({ draft: 2, sent: 1, signed: 1, expired: 2 });
    expect(dashboard.recentContracts).toHaveLength(4);
    expect(dashboard.recentProjects).toHaveLength(3);
    const statuses = new Set(
      (await get('/api/contracts?limit=100')).items.map((c: { status: string }) => c.status),
    );
    expect([...statuses].sort()).toEqual(['canceled', 'draft', 'expired', 'sent', 'signed']);
    expect((await get('/api/templates')).items).toHaveLength(3);

    for (const contract of (await get('/api/contracts?limit=100')).items) {
      expect(await get(`/api/contracts/${contract.id}/history/verification`)).toMatchObject({ intact: true });
    }
  });
});
