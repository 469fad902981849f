import { describe, expect, it } from 'vitest';
import { patternLimits } from '../../src/shared/fields';
import { costlyPattern, slowOnLongText } from '../fixtures/hostile-values';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
const { peer, background } = await withMail(ctx);
const signer = { name: 'Ada Signer', email: 'ada@example.com' };

async function draftWithPdf() {
  const response = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts/upload-pdf?name=agreement.pdf',
    payload: pdfFixture('chromium-tagged.pdf'),
    headers: { 'content-type': 'application/pdf' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; files: { id: string }[] };
}

const textField = (
  fileId: string,
  y: number,
  options: Record<string, unknown>,
  value: string | null = null,
) => ({
  fileId,
  page: 0,
  x: 0.1,
  y,
  width: 0.3,
  height: 0.03,
  type: 'text',
  signer: 1,
  label: '',
  options,
  value,
});

const save = (id: string, fields: unknown[]) =>
  call(ctx, owner, { method: 'PUT', url: `/api/contracts/${id}/fields`, json: { fields } });

/** How long a call takes, in milliseconds, with its answer. */
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe('a text field’s pattern is bounded in cost (security review 2026-12-01, H4)', () => {
  it('refuses at once the review’s 198-character pattern, with or without 4,000-character prefills', async () => {
    const draft = await draftWithPdf();
    const fileId = draft.files[0]?.id as string;
    const pattern = { format: 'pattern', pattern: costlyPattern };
    // As the review sent it: three fields, each prefilled with 4,000 characters (200 after 10 s before).
    const [withValues, first] = await timed(() =>
      save(
        draft.id,
        [0.1, 0.2, 0.3].map((y) => textField(fileId, y, pattern, 'a'.repeat(4000))),
      ),
    );
    expect(withValues.statusCode, withValues.body).toBe(400);
    expect(withValues.json().error.message).toBe('Field 1: its value is longer than 500 characters.');
    // Without a prefill the pattern itself is refused, since a signer's text would meet it.
    const [bare, second] = await timed(() =>
      save(
        draft.id,
        [0.1, 0.2, 0.3].map((y) => textField(fileId, y, pattern)),
      ),
    );
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().error.message).toBe(
      'Field 1: its pattern is too complex to check quickly (more than 1,000 steps once compiled): write it with fewer or smaller repetitions.',
    );
    expect(bare.json().error.field).toBe('fields.0.options.pattern');
    expect(first + second).toBeLessThan(3_000);
    // A most-characters past 500 does not go with a pattern.
    const long = await save(draft.id, [
      textField(fileId, 0.1, { ...pattern, pattern: '[a-z]+', maxLength: 4000 }),
    ]);
    expect(long.json().error.message).toBe(
      'Field 1: a text field with a pattern takes at most 500 characters: lower its most characters.',
    );
  });

  it('still takes ordinary patterns, and checks their prefills', async () => {
    const draft = await draftWithPdf();
    const fileId = draft.files[0]?.id as string;
    const vat = { format: 'pattern', pattern: '[A-Z]{2}[0-9]{9}' };
    const saved = await save(draft.id, [
      textField(fileId, 0.1, vat, 'PL123456789'),
      textField(fileId, 0.2, vat),
      textField(fileId, 0.3, { format: 'pattern', pattern: '[A-Z]{1,200}', maxLength: 500 }, 'A'.repeat(200)),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const wrong = await save(draft.id, [textField(fileId, 0.1, vat), textField(fileId, 0.2, vat, 'PL12')]);
    expect(wrong.json().error.message).toBe('Field 2: its value does not have the form asked for.');
  });

  it('refuses the same pattern written in the drafted text', async () => {
    const field = (pattern: string, extra: Record<string, unknown> = {}) => ({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'VAT number: ' },
            {
              type: 'signingField',
              attrs: {
                type: 'text',
                signer: 1,
                label: 'VAT number',
                required: true,
                choices: null,
                options: { format: 'pattern', pattern, ...extra },
              },
            },
          ],
        },
      ],
    });
    const [created, took] = await timed(() =>
      call(ctx, owner, {
        method: 'POST',
        url: '/api/contracts',
        json: { title: 'VAT', content: field(costlyPattern) },
      }),
    );
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().error.message).toBe(
      'The pattern of the text field “VAT number” is too complex to check quickly (more than 1,000 steps once compiled): write it with fewer or smaller repetitions',
    );
    expect(took).toBeLessThan(3_000);
    const ordinary = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'VAT', content: field('[A-Z]{2}[0-9]{9}') },
    });
    expect(ordinary.statusCode, ordinary.body).toBe(201);
    // The same most characters as on a PDF: a text with a pattern takes at most 500.
    const long = field('[A-Z]+', { maxLength: 4000 });
    const tooLong = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'VAT', content: long },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(
      'A text field with a pattern takes at most 500 characters: lower its most characters',
    );
  });

  it('keeps signing fast: a signer’s long texts are refused before any pattern runs', {
    timeout: 60_000,
  }, async () => {
    const draft = await draftWithPdf();
    const fileId = draft.files[0]?.id as string;
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${draft.id}`,
      json: { signers: [signer] },
    });
    // Twenty fields of a pattern RE2 matches slowly on long texts, and one ordinary one.
    const slow = Array.from({ length: 20 }, (_, index) =>
      textField(fileId, 0.02 + index * 0.04, { format: 'pattern', pattern: slowOnLongText }),
    );
    const saved = await save(draft.id, [
      ...slow,
      { ...textField(fileId, 0.9, { format: 'pattern', pattern: '[A-Z]{2}[0-9]{9}' }), label: 'VAT' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const ids = (saved.json().fields as { id: string; label: string }[]).map((field) => field.id);
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${draft.id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
    const values = (vat: string, text: string) =>
      Object.fromEntries(ids.map((id, index) => [id, index === ids.length - 1 ? vat : text]));
    const [tooLong, took] = await timed(() =>
      signAs(ctx, browser, { fullName: signer.name }, { values: values('PL123456789', 'a'.repeat(4000)) }),
    );
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json().error.message).toBe('The text field on page 1 is longer than 500 characters.');
    expect(took).toBeLessThan(2_000);
    const wrongVat = await signAs(
      ctx,
      browser,
      { fullName: signer.name },
      { values: values('a'.repeat(4000), 'a'.repeat(patternLimits.textCharacters)) },
    );
    expect(wrongVat.json().error.message).toBe('“VAT” is longer than 500 characters.');
    const signed = await signAs(
      ctx,
      browser,
      { fullName: signer.name },
      { values: values('PL123456789', 'ok') },
    );
    expect(signed.statusCode, signed.body).toBe(204);
  });
});
