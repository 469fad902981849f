import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildAccount, call, sampleDocument, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);

async function createTemplate(account: TestAccount, title: string) {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: { title, content: sampleDocument('Template body'), isTemplate: true },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('templates', () => {
  it('are listed apart from contracts, and belong to no project', async () => {
    const account = await buildAccount(ctx);
    const template = await createTemplate(account, 'Mutual NDA');
    await call(ctx, account, { method: 'POST', url: '/api/contracts', json: { title: 'A contract' } });
    expect(template).toMatchObject({ isTemplate: true, projectId: null, status: 'draft' });
    const templates = await call(ctx, account, { method: 'GET', url: '/api/templates' });
    expect(templates.json().items.map((t: { title: string }) => t.title)).toEqual(['Mutual NDA']);
    const contracts = await call(ctx, account, { method: 'GET', url: '/api/contracts' });
    expect(contracts.json().items.map((t: { title: string }) => t.title)).toEqual(['A contract']);
  });

  it('saves a copy of a contract as a template', async () => {
    const contract = (
      await call(ctx, owner, {
        method: 'POST',
        url: '/api/contracts',
        json: { title: 'Consulting', content: sampleDocument('Terms') },
      })
    ).json();
    const response = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${contract.id}/template`,
      json: {},
    });
    expect(response.statusCode).toBe(201);
    const template = response.json();
    expect(template).toMatchObject({
      title: 'Consulting',
      isTemplate: true,
      projectId: null,
      contentHtml: contract.contentHtml,
    });
    expect(template.id).not.toBe(contract.id);
    expect(
      (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}` })).json().isTemplate,
    ).toBe(false);
  });

  it("keeps a contract's route as the template's roles, each given its person by every contract made from it", async () => {
    const contract = (
      await call(ctx, owner, {
        method: 'POST',
        url: '/api/contracts',
        json: {
          title: 'Deed',
          content: sampleDocument('Terms'),
          signers: [
            { name: 'Ada Approver', email: 'ada@example.com', role: 'approver', signingOrder: 1 },
            { name: 'Ben Buyer', email: 'ben@example.com', role: 'signer', signingOrder: 2 },
            {
              name: 'Sia Seller',
              email: 'sia@example.com',
              role: 'signer',
              signingOrder: 2,
              requireEmailCode: true,
            },
            { name: 'Wes Witness', email: 'wes@example.com', role: 'witness', signingOrder: 2, witnessOf: 2 },
            { name: "Seller's agent", role: 'signer', signingOrder: 3, namedBy: 3 },
          ],
        },
      })
    ).json();
    expect(contract.signers, JSON.stringify(contract)).toHaveLength(5);
    const template = (
      await call(ctx, owner, { method: 'POST', url: `/api/contracts/${contract.id}/template`, json: {} })
    ).json();
    const roles = template.signers.map(
      (role: {
        name: string;
        email: string | null;
        role: string;
        signingOrder: number;
        witnessOf: number | null;
        namedBy: number | null;
        emailCodeRequired: boolean;
      }) => ({
        name: role.name,
        email: role.email,
        role: role.role,
        signingOrder: role.signingOrder,
        witnessOf: role.witnessOf,
        namedBy: role.namedBy,
        emailCodeRequired: role.emailCodeRequired,
      }),
    );
    expect(roles).toEqual([
      {
        name: 'Approver',
        email: 'role-1@template.invalid',
        role: 'approver',
        signingOrder: 1,
        witnessOf: null,
        namedBy: null,
        emailCodeRequired: false,
      },
      {
        name: 'Signer 1',
        email: 'role-2@template.invalid',
        role: 'signer',
        signingOrder: 2,
        witnessOf: null,
        namedBy: null,
        emailCodeRequired: false,
      },
      {
        name: 'Signer 2',
        email: 'role-3@template.invalid',
        role: 'signer',
        signingOrder: 2,
        witnessOf: null,
        namedBy: null,
        emailCodeRequired: true,
      },
      {
        name: 'Witness',
        email: 'role-4@template.invalid',
        role: 'witness',
        signingOrder: 2,
        witnessOf: 2,
        namedBy: null,
        emailCodeRequired: false,
      },
      {
        name: "Seller's agent",
        email: null,
        role: 'signer',
        signingOrder: 3,
        witnessOf: null,
        namedBy: 3,
        emailCodeRequired: false,
      },
    ]);
    // The people of the contract stay on it, not on the template.
    expect(JSON.stringify(template.signers)).not.toContain('example.com');
    // A contract made from it asks the same e-mailed code of the role that asked it.
    const made = await call(ctx, owner, {
      method: 'POST',
      url: `/api/templates/${template.id}/contracts`,
      json: { people: [{ number: 3, name: 'Sam Seller', email: 'sam@example.com' }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(
      made.json().signers.map((signer: { emailCodeRequired: boolean }) => signer.emailCodeRequired),
    ).toEqual([false, false, true, false, false]);
  });

  it('creates a draft from a template in the chosen project, recording where it came from', async () => {
    const template = await createTemplate(owner, 'Offer Letter');
    const project = (
      await call(ctx, owner, { method: 'POST', url: '/api/projects', json: { name: 'Hiring' } })
    ).json();
    const response = await call(ctx, owner, {
      method: 'POST',
      url: `/api/templates/${template.id}/contracts`,
      json: { projectId: project.id },
    });
    expect(response.statusCode).toBe(201);
    const contract = response.json();
    expect(contract).toMatchObject({
      title: 'Offer Letter',
      status: 'draft',
      isTemplate: false,
      projectId: project.id,
      content: template.content,
    });
    const history = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/history` });
    expect(history.json().items).toEqual([
      expect.objectContaining({
        action: 'created_from_template',
        details: 'Created from template: Offer Letter',
      }),
    ]);
  });

  it('returns the same draft when the same create from a template is repeated', async () => {
    const template = await createTemplate(owner, 'Repeatable');
    const id = randomUUID();
    const first = await call(ctx, owner, {
      method: 'POST',
      url: `/api/templates/${template.id}/contracts`,
      json: { id },
    });
    const again = await call(ctx, owner, {
      method: 'POST',
      url: `/api/templates/${template.id}/contracts`,
      json: { id },
    });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(id);
  });

  it("answers 'Template not found' for a missing template, another organization's, or a plain contract", async () => {
    const theirs = await createTemplate(stranger, 'Theirs');
    const plain = (
      await call(ctx, owner, { method: 'POST', url: '/api/contracts', json: { title: 'Plain' } })
    ).json();
    for (const id of [randomUUID(), theirs.id, plain.id]) {
      const response = await call(ctx, owner, {
        method: 'POST',
        url: `/api/templates/${id}/contracts`,
        json: {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'TEMPLATE_NOT_FOUND', message: 'Template not found' },
      });
    }
  });

  it("reads a template, and answers 'Template not found' for a contract's or another organization's id", async () => {
    const template = await createTemplate(owner, 'Readable');
    const read = await call(ctx, owner, { method: 'GET', url: `/api/templates/${template.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: template.id, title: 'Readable', isTemplate: true });
    const theirs = await createTemplate(stranger, 'Theirs too');
    const plain = (
      await call(ctx, owner, { method: 'POST', url: '/api/contracts', json: { title: 'Plain too' } })
    ).json();
    for (const id of [randomUUID(), theirs.id, plain.id]) {
      const response = await call(ctx, owner, { method: 'GET', url: `/api/templates/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'TEMPLATE_NOT_FOUND', message: 'Template not found' },
      });
    }
  });

  it("refuses to save another organization's contract as a template", async () => {
    const theirs = (
      await call(ctx, stranger, { method: 'POST', url: '/api/contracts', json: { title: 'Theirs' } })
    ).json();
    const response = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${theirs.id}/template`,
      json: {},
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses a project of another organization for the new draft', async () => {
    const template = await createTemplate(owner, 'Scoped');
    const theirProject = (
      await call(ctx, stranger, { method: 'POST', url: '/api/projects', json: { name: 'P' } })
    ).json();
    const response = await call(ctx, owner, {
      method: 'POST',
      url: `/api/templates/${template.id}/contracts`,
      json: { projectId: theirProject.id },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.field).toBe('projectId');
  });
});
