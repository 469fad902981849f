import { describe, expect, it } from 'vitest';
import { serializerCompiler } from '../../src/server/plugins/serializer';
import { type ContractPage, contractPageSchema } from '../../src/shared/api/contracts';

const serializerOf = (schema: unknown) =>
  (serializerCompiler as unknown as (input: { schema: unknown }) => (value: unknown) => string)({ schema });

const signer = (signedAt: string | null) => ({
  id: '0b5b7a51-8d3c-4c55-9a57-2f7f0d1c2e11',
  name: 'Ada "the Countess" Lovelace',
  email: 'ada@example.com',
  status: signedAt ? ('signed' as const) : ('pending' as const),
  signingOrder: 1,
  viewedAt: signedAt,
  signedAt,
  declinedAt: null,
  accessCodeRequired: false,
  emailCodeRequired: true,
});

const page: ContractPage = {
  items: [
    {
      id: '7d1f3c7e-5a0b-4a39-8a6f-3c2d1e0f9a8b',
      title: 'Acme — Mutual NDA #1 ☂',
      status: 'sent',
      projectId: null,
      isTemplate: false,
      expiresAt: '2026-12-01T10:00:00.000Z',
      sequential: false,
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-02-01T10:00:00.000Z',
      createdBy: { id: null, name: 'Former member' },
      signers: [signer('2026-02-01T09:00:00.000Z'), signer(null)],
    },
  ],
  nextCursor: null,
};

describe('response serializer', () => {
  it('writes nullable fields, null or not, exactly as JSON.stringify does', () => {
    expect(serializerOf(contractPageSchema)(page)).toBe(JSON.stringify(page));
  });

  it('writes only the declared fields', () => {
    const [item] = page.items;
    const leaky = {
      ...page,
      items: [{ ...item, contentHtml: '<p>secret</p>', signers: [{ ...signer(null), accessCodeHash: 'x' }] }],
    };
    const written = JSON.parse(serializerOf(contractPageSchema)(leaky));
    expect(written.items[0]).not.toHaveProperty('contentHtml');
    expect(written.items[0].signers[0]).not.toHaveProperty('accessCodeHash');
  });
});
