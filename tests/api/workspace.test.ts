import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts, projects } from '../../src/server/db/schema';
import { bringTo } from '../support/contract-factory';
import { buildAccount, call, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();

describe('dashboard summary', () => {
  it('is empty for a new organization', async () => {
    const account = await buildAccount(ctx);
    const response = await call(ctx, account, { method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      counts: { draft: 0, sent: 0, signed: 0, expired: 0 },
      recentContracts: [],
      recentProjects: [],
    });
  });

  it('counts by status (canceled with expired), and shows the 4 latest contracts and 3 latest projects', async () => {
    const account: TestAccount = await buildAccount(ctx);
    const projectIds: string[] = [];
    for (const name of ['P1', 'P2', 'P3', 'P4']) {
      projectIds.push(
        (await call(ctx, account, { method: 'POST', url: '/api/projects', json: { name } })).json().id,
      );
    }
    const statuses = ['draft', 'sent', 'sent', 'signed', 'expired', 'canceled', 'draft'] as const;
    for (const [index, status] of statuses.entries()) {
      const created = await call(ctx, account, {
        method: 'POST',
        url: '/api/contracts',
        json: {
          title: `Contract ${index + 1}`,
          projectId: projectIds[index % 4],
          signers: [{ name: 'S', email: 's@example.com' }],
        },
      });
      await ctx.database.db.update(contracts).set({ status }).where(eq(contracts.id, created.json().id));
    }
    await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'A template', isTemplate: true },
    });
    // P1 was touched last.
    await ctx.database.db
      .update(projects)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(eq(projects.id, projectIds[0] ?? ''));

    const summary = (await call(ctx, account, { method: 'GET', url: '/api/dashboard' })).json();
    expect(summary.counts).toEqual({ draft: 2, sent: 2, signed: 1, expired: 2 });
    expect(summary.recentContracts.map((c: { title: string }) => c.title)).toEqual([
      'Contract 7',
      'Contract 6',
      'Contract 5',
      'Contract 4',
    ]);
    expect(summary.recentContracts[0].signers).toEqual([
      expect.objectContaining({ name: 'S', status: 'pending' }),
    ]);
    expect(
      summary.recentProjects.map((p: { name: string; contractCount: number }) => [p.name, p.contractCount]),
    ).toEqual([
      ['P1', 2],
      ['P4', 1],
      ['P3', 2],
    ]);
  });

  it('keeps its counts right through deletes, status changes and templates', async () => {
    const account = await buildAccount(ctx);
    const counts = async () =>
      (await call(ctx, account, { method: 'GET', url: '/api/dashboard' })).json().counts;
    const create = async (json: Record<string, unknown>) =>
      (
        await call(ctx, account, { method: 'POST', url: '/api/contracts', json: { title: 'x', ...json } })
      ).json().id;
    const a = await create({});
    const b = await create({});
    await create({ isTemplate: true });
    expect(await counts()).toEqual({ draft: 2, sent: 0, signed: 0, expired: 0 });
    await bringTo(ctx, account, a, 'sent');
    // Sending again is refused and counts nothing twice.
    const again = await call(ctx, account, { method: 'POST', url: `/api/contracts/${a}/send`, json: {} });
    expect(again.statusCode).toBe(409);
    expect(await counts()).toEqual({ draft: 1, sent: 1, signed: 0, expired: 0 });
    await call(ctx, account, { method: 'DELETE', url: `/api/contracts/${b}` });
    const canceled = await call(ctx, account, {
      method: 'POST',
      url: `/api/contracts/${a}/cancel`,
      json: { reason: 'Replaced' },
    });
    expect(canceled.statusCode).toBe(200);
    expect(await counts()).toEqual({ draft: 0, sent: 0, signed: 0, expired: 1 });
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await call(ctx, null, { method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});

describe('custom fields', () => {
  it('lists the three system fields first', async () => {
    const account = await buildAccount(ctx);
    const response = await call(ctx, account, { method: 'GET', url: '/api/custom-fields' });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      expect.objectContaining({
        key: 'fullName',
        type: 'text',
        required: true,
        isDefault: true,
        organizationId: 'system',
      }),
      expect.objectContaining({
        key: 'email',
        type: 'email',
        required: true,
        isDefault: true,
        organizationId: 'system',
      }),
      expect.objectContaining({
        key: 'phone',
        type: 'phone',
        required: false,
        isDefault: true,
        organizationId: 'system',
      }),
    ]);
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await call(ctx, null, { method: 'GET', url: '/api/custom-fields' })).statusCode).toBe(401);
  });
});
