import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bringTo } from '../support/contract-factory';
import { buildAccount, call, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);

async function createProject(account: TestAccount, json: Record<string, unknown>) {
  const response = await call(ctx, account, { method: 'POST', url: '/api/projects', json });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('projects', () => {
  it('creates a project with no contracts', async () => {
    const project = await createProject(owner, { name: '  Acme Partnership ', description: 'MSA and SOWs' });
    expect(project).toMatchObject({
      name: 'Acme Partnership',
      description: 'MSA and SOWs',
      contractCount: 0,
      counts: { draft: 0, sent: 0, signed: 0, expired: 0 },
      contracts: [],
    });
  });

  it('returns the same project when the same create is repeated', async () => {
    const id = randomUUID();
    const first = await createProject(owner, { id, name: 'Once' });
    const again = await call(ctx, owner, {
      method: 'POST',
      url: '/api/projects',
      json: { id, name: 'Once' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
  });

  it('refuses a missing or overlong name, naming the field', async () => {
    for (const [json, message] of [
      [{ name: ' ' }, 'Project name is required'],
      [{}, 'Project name is required'],
      [{ name: 'x'.repeat(101) }, 'Project name must be at most 100 characters'],
    ] as const) {
      const response = await call(ctx, owner, { method: 'POST', url: '/api/projects', json });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'INVALID_INPUT', message, field: 'name' });
    }
  });

  it('reads a project with its own status counts and contracts', async () => {
    const project = await createProject(owner, { name: 'Counted' });
    const statuses = ['draft', 'draft', 'sent', 'signed', 'expired', 'canceled'] as const;
    for (const [index, status] of statuses.entries()) {
      const created = await call(ctx, owner, {
        method: 'POST',
        url: '/api/contracts',
        json: { title: `C${index}`, projectId: project.id },
      });
      if (status !== 'draft') await bringTo(ctx, owner, created.json().id, status);
    }
    await call(ctx, owner, { method: 'POST', url: '/api/contracts', json: { title: 'Elsewhere' } });
    const response = await call(ctx, owner, { method: 'GET', url: `/api/projects/${project.id}` });
    expect(response.json()).toMatchObject({
      contractCount: 6,
      counts: { draft: 2, sent: 1, signed: 1, expired: 2 },
    });
    expect(response.json().contracts.map((c: { title: string }) => c.title)).toEqual([
      'C5',
      'C4',
      'C3',
      'C2',
      'C1',
      'C0',
    ]);
  });

  it('moves a contract between projects, and both counts follow', async () => {
    const from = await createProject(owner, { name: 'From' });
    const to = await createProject(owner, { name: 'To' });
    const contract = (
      await call(ctx, owner, {
        method: 'POST',
        url: '/api/contracts',
        json: { title: 'Mover', projectId: from.id },
      })
    ).json();
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { projectId: to.id },
    });
    const read = async (id: string) =>
      (await call(ctx, owner, { method: 'GET', url: `/api/projects/${id}` })).json();
    expect(await read(from.id)).toMatchObject({ contractCount: 0, counts: { draft: 0 }, contracts: [] });
    expect(await read(to.id)).toMatchObject({ contractCount: 1, counts: { draft: 1 } });
    expect((await call(ctx, owner, { method: 'DELETE', url: `/api/projects/${from.id}` })).statusCode).toBe(
      204,
    );
  });

  it('updates by merging fields', async () => {
    const project = await createProject(owner, { name: 'Old', description: 'Keep me' });
    const response = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/projects/${project.id}`,
      json: { name: 'New' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'New', description: 'Keep me' });
  });

  it('refuses to delete a project that holds contracts, and deletes an empty one', async () => {
    const project = await createProject(owner, { name: 'Busy' });
    await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Held', projectId: project.id },
    });
    const refused = await call(ctx, owner, { method: 'DELETE', url: `/api/projects/${project.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'PROJECT_NOT_EMPTY',
      message: 'This project still holds 1 contract. Move or delete them before deleting the project.',
    });

    const empty = await createProject(owner, { name: 'Empty' });
    expect((await call(ctx, owner, { method: 'DELETE', url: `/api/projects/${empty.id}` })).statusCode).toBe(
      204,
    );
    expect((await call(ctx, owner, { method: 'GET', url: `/api/projects/${empty.id}` })).statusCode).toBe(
      404,
    );
  });

  it("lists only the organization's projects, most recently updated first, with counts", async () => {
    const account = await buildAccount(ctx);
    const first = await createProject(account, { name: 'First' });
    await createProject(account, { name: 'Second' });
    await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'x', projectId: first.id },
    });
    await call(ctx, account, {
      method: 'PATCH',
      url: `/api/projects/${first.id}`,
      json: { description: 'touched' },
    });
    const response = await call(ctx, account, { method: 'GET', url: '/api/projects' });
    expect(
      response.json().items.map((p: { name: string; contractCount: number }) => [p.name, p.contractCount]),
    ).toEqual([
      ['First', 1],
      ['Second', 0],
    ]);
  });

  it("answers 404 alike for a missing project and another organization's", async () => {
    const theirs = await createProject(stranger, { name: 'Theirs' });
    for (const id of [theirs.id, randomUUID()]) {
      for (const [method, json] of [['GET'], ['PATCH', { name: 'Mine' }], ['DELETE']] as const) {
        const response = await call(ctx, owner, { method, url: `/api/projects/${id}`, json });
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Project not found' });
      }
    }
    expect(
      (await call(ctx, stranger, { method: 'GET', url: `/api/projects/${theirs.id}` })).json().name,
    ).toBe('Theirs');
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await call(ctx, null, { method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
  });
});
