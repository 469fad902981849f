import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, call, testApp } from '../support/test-app';

const run = promisify(execFile);

let dir: string;

const ctx = await testApp();
const owner = await buildAccount(ctx);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pactum-merge-fields-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

const field = (key: string, label: string, value: string | null = null) => ({
  type: 'mergeField',
  attrs: { key, label, value },
});
const text = (value: string) => ({ type: 'text', text: value });

/** A body with a client name (twice), an amount and a start date. */
function fieldsDocument(values: { client?: string; amount?: string; start?: string } = {}) {
  return {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          text('This agreement is made with '),
          field('clientName', 'Client name', values.client ?? null),
          text(' for a fee of '),
          field('amount', 'Amount', values.amount ?? null),
          text(', starting '),
          field('startDate', 'Start date', values.start ?? '1 June 2026'),
          text('.'),
        ],
      },
      {
        type: 'paragraph',
        content: [text('Signed for '), field('clientName', 'Client name', values.client ?? null)],
      },
    ],
  };
}

async function createDraft(content: unknown) {
  const response = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title: 'Consulting Agreement',
      content,
      signers: [{ name: 'Jane Cooper', email: 'jane@example.com' }],
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; contentHtml: string };
}

async function pdfText(pdf: Buffer): Promise<string> {
  const path = join(dir, 'frozen.pdf');
  writeFileSync(path, pdf);
  return (await run('pdftotext', ['-layout', path, '-'])).stdout;
}

describe('merge fields', () => {
  it('are stored, and rendered as [Label] markers while empty', async () => {
    const draft = await createDraft(fieldsDocument());
    expect(draft.contentHtml).toContain('>[Client name]</span>');
    expect(draft.contentHtml).toContain('>[Amount]</span>');
    expect(draft.contentHtml).toContain('>1 June 2026</span>');
  });

  it('refuse a document with a field that breaks the rules', async () => {
    const response = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Broken',
        content: { type: 'doc', content: [{ type: 'paragraph', content: [field('client name', 'Client')] }] },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'INVALID_CONTENT', field: 'content' });
  });

  it('keep a contract from being sent until every one is filled in; the frozen PDF has the values', async () => {
    const draft = await createDraft(fieldsDocument());
    const refused = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/send`,
      json: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        code: 'INVALID_INPUT',
        message: 'Fill in Client name and Amount before sending',
        field: 'content',
      },
    });
    // Still a draft, with nothing frozen.
    const unchanged = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}` });
    expect(unchanged.json().status).toBe('draft');

    // Half filled: the message names what is left.
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${draft.id}`,
      json: { content: fieldsDocument({ client: 'Globex Corporation' }) },
    });
    const stillRefused = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/send`,
      json: {},
    });
    expect(stillRefused.statusCode).toBe(400);
    expect(stillRefused.json().error.message).toBe('Fill in Amount before sending');

    // A blank value is still empty.
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${draft.id}`,
      json: { content: fieldsDocument({ client: 'Globex Corporation', amount: '   ' }) },
    });
    expect(
      (await call(ctx, owner, { method: 'POST', url: `/api/contracts/${draft.id}/send`, json: {} }))
        .statusCode,
    ).toBe(400);

    const filled = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${draft.id}`,
      json: { content: fieldsDocument({ client: 'Globex Corporation', amount: 'EUR 12,500' }) },
    });
    expect(filled.json().contentHtml).not.toContain('[');
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${draft.id}/send`, json: {} });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().status).toBe('sent');

    const frozen = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${draft.id}/documents/frozen`,
    });
    expect(frozen.statusCode).toBe(200);
    const words = (await pdfText(frozen.rawPayload)).replace(/\s+/g, ' ');
    expect(words).toContain(
      'This agreement is made with Globex Corporation for a fee of EUR 12,500, starting 1 June 2026.',
    );
    expect(words).toContain('Signed for Globex Corporation');
    expect(words).not.toContain('[');
  });

  it('carry over from a template to the draft made from it, still to be filled in', async () => {
    const template = (
      await call(ctx, owner, {
        method: 'POST',
        url: '/api/contracts',
        json: {
          title: 'Consulting template',
          content: fieldsDocument(),
          isTemplate: true,
          signers: [{ name: 'Client', email: 'role-1@template.invalid' }],
        },
      })
    ).json();
    const read = await call(ctx, owner, { method: 'GET', url: `/api/templates/${template.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().signers.map((role: { name: string }) => role.name)).toEqual(['Client']);

    const draft = (
      await call(ctx, owner, { method: 'POST', url: `/api/templates/${template.id}/contracts`, json: {} })
    ).json();
    expect(draft.content).toEqual(template.content);
    // The role comes with its placeholder, for its person to be added (sending waits for them).
    expect(draft.signers).toEqual([
      expect.objectContaining({ name: 'Client', email: 'role-1@template.invalid', role: 'signer' }),
    ]);
  });
});
