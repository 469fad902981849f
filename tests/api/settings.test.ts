import { describe, expect, it } from 'vitest';
import { signaturePng } from '../../src/server/pdf/sample-signature';
import { buildAccount, buildMember, call, testApp } from '../support/test-app';

const ctx = await testApp();
const admin = await buildAccount(ctx, { organizationName: 'Acme Ltd' });
const member = await buildMember(ctx, admin);
const stranger = await buildAccount(ctx);

describe('organization settings', () => {
  it('shows the name and the signing defaults, and lets an admin change them', async () => {
    const current = await call(ctx, admin, { method: 'GET', url: '/api/settings/organization' });
    expect(current.json()).toEqual({
      name: 'Acme Ltd',
      logoUrl: null,
      signingExpiryDays: 30,
      reminderIntervalDays: 3,
      delegation: 'off',
    });
    const changed = await call(ctx, admin, {
      method: 'PATCH',
      url: '/api/settings/organization',
      json: { name: 'Acme Group', signingExpiryDays: 10, reminderIntervalDays: null, delegation: 'once' },
    });
    expect(changed.json()).toMatchObject({
      name: 'Acme Group',
      signingExpiryDays: 10,
      reminderIntervalDays: null,
      delegation: 'once',
    });
    const badRule = await call(ctx, admin, {
      method: 'PATCH',
      url: '/api/settings/organization',
      json: { delegation: 'always' },
    });
    expect(badRule.statusCode).toBe(400);
    expect(badRule.json().error.message).toBe('Delegation is off, once or repeated');
    const bad = await call(ctx, admin, {
      method: 'PATCH',
      url: '/api/settings/organization',
      json: { signingExpiryDays: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      field: 'signingExpiryDays',
      message: 'The signing period must be at least 1 day',
    });
    const empty = await call(ctx, admin, {
      method: 'PATCH',
      url: '/api/settings/organization',
      json: { name: '  ' },
    });
    expect(empty.json().error.message).toBe('Organization name is required');
  });

  it('uses the signing period as the expiry of a contract sent without a date', async () => {
    const created = await call(ctx, admin, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Short-lived', signers: [{ name: 'Ann', email: 'ann@example.com' }] },
    });
    const sent = await call(ctx, admin, {
      method: 'POST',
      url: `/api/contracts/${created.json().id}/send`,
      json: {},
    });
    const days = (new Date(sent.json().expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThan(10.1);
  });

  it('is read-only for a member, and never reaches another organization', async () => {
    expect((await call(ctx, member, { method: 'GET', url: '/api/settings/organization' })).json().name).toBe(
      'Acme Group',
    );
    const refused = await call(ctx, member, {
      method: 'PATCH',
      url: '/api/settings/organization',
      json: { name: 'Mine' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only an admin can change the organization settings');
    expect(
      (await call(ctx, stranger, { method: 'GET', url: '/api/settings/organization' })).json().name,
    ).not.toBe('Acme Group');
  });
});

describe('the logo', () => {
  const png = signaturePng(64, 64);
  it('accepts a real PNG and shows it as a data URL', async () => {
    const response = await call(ctx, admin, {
      method: 'PUT',
      url: '/api/settings/logo',
      json: { type: 'image/png', data: png.toString('base64') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().logoUrl).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });

  it('refuses a file that lies about its type, an unsupported type, and one that is too large', async () => {
    const lying = await call(ctx, admin, {
      method: 'PUT',
      url: '/api/settings/logo',
      json: { type: 'image/jpeg', data: png.toString('base64') },
    });
    expect(lying.json().error.message).toBe('The file is not the image it claims to be');
    const svg = await call(ctx, admin, {
      method: 'PUT',
      url: '/api/settings/logo',
      json: { type: 'image/svg+xml', data: Buffer.from('<svg/>').toString('base64') },
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().error.message).toBe('The logo must be a PNG, JPEG or WebP image');
    const large = Buffer.concat([png, Buffer.alloc(210 * 1024)]);
    const tooLarge = await call(ctx, admin, {
      method: 'PUT',
      url: '/api/settings/logo',
      json: { type: 'image/png', data: large.toString('base64') },
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.message).toBe('The logo must be at most 200 KB');
    const byMember = await call(ctx, member, { method: 'DELETE', url: '/api/settings/logo' });
    expect(byMember.statusCode).toBe(403);
    expect(
      (await call(ctx, admin, { method: 'DELETE', url: '/api/settings/logo' })).json().logoUrl,
    ).toBeNull();
  });
});

describe('signer fields', () => {
  it('adds, renames, marks required and removes the organization’s own fields; the system ones stay fixed', async () => {
    const added = await call(ctx, admin, {
      method: 'POST',
      url: '/api/custom-fields',
      json: { name: 'Company VAT number', type: 'text' },
    });
    expect(added.statusCode).toBe(201);
    const fields = added.json().items as { id: string; key: string; name: string; isDefault: boolean }[];
    expect(fields.map((field) => field.key)).toEqual(['fullName', 'email', 'phone', 'companyVatNumber']);
    const vat = fields[3];
    const duplicate = await call(ctx, admin, {
      method: 'POST',
      url: '/api/custom-fields',
      json: { name: 'company vat number', type: 'text' },
    });
    expect(duplicate.json().error.message).toBe('There is already a field called company vat number');
    const renamed = await call(ctx, admin, {
      method: 'PATCH',
      url: `/api/custom-fields/${vat?.id}`,
      json: { name: 'VAT number', required: true },
    });
    expect(renamed.json().items[3]).toMatchObject({
      name: 'VAT number',
      required: true,
      key: 'companyVatNumber',
    });
    const system = fields[0];
    expect(
      (await call(ctx, admin, { method: 'DELETE', url: `/api/custom-fields/${system?.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, stranger, { method: 'DELETE', url: `/api/custom-fields/${vat?.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, member, { method: 'DELETE', url: `/api/custom-fields/${vat?.id}` })).statusCode,
    ).toBe(403);
    const removed = await call(ctx, admin, { method: 'DELETE', url: `/api/custom-fields/${vat?.id}` });
    expect(removed.json().items).toHaveLength(3);
  });
});
