import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from '../../src/server/plugins/serializer';
import { RawJson } from '../../src/server/presenters/raw-json';
import { type ContractPage, contractPageSchema } from '../../src/shared/api/contracts';
import { editorDocumentSchema } from '../../src/shared/api/editor-document';

const serializerOf = (schema: unknown) =>
  (serializerCompiler as unknown as (input: { schema: unknown }) => (value: unknown) => string)({ schema });

const signer = (signedAt: string | null) => ({
  id: '0b5b7a51-8d3c-4c55-9a57-2f7f0d1c2e11',
  name: 'Ada "the Countess" Lovelace',
  email: 'ada@example.com',
  status: signedAt ? ('signed' as const) : ('pending' as const),
  role: 'signer' as const,
  signingOrder: 1,
  number: 1,
  witnessOf: null,
  namedBy: signedAt ? null : 1,
  viewedAt: signedAt,
  signedAt,
  approvedAt: null,
  declinedAt: null,
  delegatedFrom: null,
  delegatedAt: null,
  accessCodeRequired: false,
  accessCodeToSet: false,
  emailCodeRequired: true,
  embedded: false,
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
      delegation: null,
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

describe('a document written as its stored text', () => {
  const schema = z.object({ title: z.string(), content: editorDocumentSchema });
  const document = {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Zażółć "gęślą" jaźń — عقد, 合同' }] }],
  };

  it('is written as it is, and the rest of the response as usual', () => {
    const stored = JSON.stringify(document);
    const written = serializerOf(schema)({ title: 'Umowa', content: new RawJson(stored) });
    expect(written).toBe(`{"title":"Umowa","content":${stored}}`);
    expect(JSON.parse(written)).toEqual({ title: 'Umowa', content: document });
  });

  it('cannot be imitated by a string: a title holding a placeholder stays a string', () => {
    const lookalike = '\u0000AAAAAAAAAAAA:0';
    const written = serializerOf(schema)({ title: lookalike, content: new RawJson('{"type":"doc"}') });
    expect(JSON.parse(written)).toEqual({ title: lookalike, content: { type: 'doc' } });
  });

  it('is the document it holds anywhere else JSON is written', () => {
    expect(JSON.stringify({ content: new RawJson(JSON.stringify(document)) })).toBe(
      JSON.stringify({ content: document }),
    );
  });
});
