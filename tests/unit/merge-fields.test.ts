import { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { InvalidContentError, normalizeDocument } from '../../src/editor/content';
import { contractExtensions } from '../../src/editor/extensions';
import { renderDocumentHtml } from '../../src/editor/html';
import { collectMergeFields } from '../../src/editor/merge-field';
import {
  listOfNames,
  mergeFieldKeyOf,
  titleWithMergeValues,
  unfilledMergeFields,
  withMergeValues,
} from '../../src/editor/merge-field-values';
import { checkMergeFieldsFilled } from '../../src/server/services/contracts/check-merge-fields';
import { AppError } from '../../src/shared/errors';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (value: string) => ({ type: 'text', text: value });
const field = (attrs: Record<string, unknown>, marks?: unknown[]) => ({
  type: 'mergeField',
  attrs,
  ...(marks ? { marks } : {}),
});

describe('merge fields', () => {
  it('are accepted with a key, a label and a value or null, and kept as they are', () => {
    const input = doc(
      para(
        text('Between Acme and '),
        field({ key: 'clientName', label: 'Client name', value: null }),
        text(' for '),
        field({ key: 'amount', label: 'Amount', value: '€ 12,000' }, [{ type: 'bold' }]),
      ),
      {
        type: 'heading',
        attrs: { level: 2 },
        content: [field({ key: 'fullName', label: 'Full name', value: null })],
      },
    );
    const normalized = normalizeDocument(input);
    expect(JSON.stringify(normalized)).toContain(
      '{"type":"mergeField","attrs":{"key":"clientName","label":"Client name","value":null}}',
    );
    expect(normalized.content?.[0]?.content?.[3]).toEqual(
      field({ key: 'amount', label: 'Amount', value: '€ 12,000' }, [{ type: 'bold' }]),
    );
  });

  it('default an omitted value to empty and drop attributes they do not define', () => {
    const normalized = normalizeDocument(
      doc(para(field({ key: 'startDate', label: 'Start date', onclick: 'alert(1)' }))),
    );
    expect(normalized.content?.[0]?.content?.[0]).toEqual(
      field({ key: 'startDate', label: 'Start date', value: null }),
    );
  });

  it.each([
    ['no key', { label: 'Amount', value: null }],
    ['a key with spaces', { key: 'client name', label: 'Client name', value: null }],
    ['a key with markup', { key: '"><script>', label: 'X', value: null }],
    ['a key starting with a digit', { key: '1st', label: 'First', value: null }],
    ['a key longer than 64 characters', { key: 'k'.repeat(65), label: 'Long', value: null }],
    ['no label', { key: 'amount', value: null }],
    ['a blank label', { key: 'amount', label: '   ', value: null }],
    ['a label longer than 60 characters', { key: 'amount', label: 'L'.repeat(61), value: null }],
    ['a value longer than 500 characters', { key: 'amount', label: 'Amount', value: 'v'.repeat(501) }],
    ['a number as value', { key: 'amount', label: 'Amount', value: 12 }],
    ['a label that is not text', { key: 'amount', label: ['Amount'], value: null }],
  ])('are refused with %s', (_name, attrs) => {
    expect(() => normalizeDocument(doc(para(field(attrs))))).toThrow(InvalidContentError);
  });

  it('accept the longest label and value', () => {
    expect(() =>
      normalizeDocument(doc(para(field({ key: 'k', label: 'L'.repeat(60), value: 'v'.repeat(500) })))),
    ).not.toThrow();
  });

  it('are inline only: not a block, and not inside a code block', () => {
    expect(() => normalizeDocument(doc(field({ key: 'a', label: 'A', value: null })))).toThrow(
      InvalidContentError,
    );
    expect(() =>
      normalizeDocument(doc({ type: 'codeBlock', content: [field({ key: 'a', label: 'A', value: null })] })),
    ).toThrow(InvalidContentError);
  });

  it('render a filled field as its value and an empty one as a visible [Label] marker', () => {
    const html = renderDocumentHtml(
      normalizeDocument(
        doc(
          para(
            text('Client: '),
            field({ key: 'clientName', label: 'Client name', value: null }),
            text(', fee: '),
            field({ key: 'amount', label: 'Amount', value: '€ 12,000' }),
          ),
        ),
      ),
    );
    expect(html).toContain(
      '<span class="merge-field merge-field-empty" data-merge-field="clientName" data-label="Client name">[Client name]</span>',
    );
    expect(html).toContain(
      '<span class="merge-field" data-merge-field="amount" data-label="Amount" data-value="€ 12,000">€ 12,000</span>',
    );
  });

  it('treat a blank value as empty', () => {
    const html = renderDocumentHtml(
      normalizeDocument(doc(para(field({ key: 'amount', label: 'Amount', value: '   ' })))),
    );
    expect(html).toContain('>[Amount]</span>');
  });

  it('escape the value and the label, so typed markup stays text', () => {
    const html = renderDocumentHtml(
      normalizeDocument(
        doc(
          para(
            field({ key: 'a', label: '<b>Label</b>', value: null }),
            field({ key: 'b', label: 'B', value: '<img src=x onerror=alert(1)>"' }),
          ),
        ),
      ),
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('[&lt;b&gt;Label&lt;/b&gt;]');
    expect(html).toContain('data-value="&lt;img src=x onerror=alert(1)&gt;&quot;"');
  });

  it('list the empty ones by key, in document order, for the send check', () => {
    const content = normalizeDocument(
      doc(
        para(field({ key: 'clientName', label: 'Client name', value: null })),
        para(
          field({ key: 'amount', label: 'Amount', value: null }),
          field({ key: 'clientName', label: 'Client name', value: null }),
          field({ key: 'startDate', label: 'Start date', value: '1 May' }),
        ),
      ),
    );
    expect(unfilledMergeFields(content)).toEqual([
      { key: 'clientName', label: 'Client name' },
      { key: 'amount', label: 'Amount' },
    ]);
    let refusal: unknown;
    try {
      checkMergeFieldsFilled(content);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).toBody()).toEqual({
      error: {
        code: 'INVALID_INPUT',
        message: 'Fill in Client name and Amount before sending',
        field: 'content',
      },
    });
    expect(() => checkMergeFieldsFilled(normalizeDocument(doc(para(text('No fields')))))).not.toThrow();
  });

  it('name fields in a readable list', () => {
    expect(listOfNames(['Amount'])).toBe('Amount');
    expect(listOfNames(['Client name', 'Amount'])).toBe('Client name and Amount');
    expect(listOfNames(['A', 'B', 'C'])).toBe('A, B and C');
  });

  it('get a key from a typed label', () => {
    expect(mergeFieldKeyOf('Client name')).toBe('clientName');
    expect(mergeFieldKeyOf('Start date (UTC)')).toBe('startDateUtc');
    expect(mergeFieldKeyOf('1st payment')).toBe('field_1stPayment');
    expect(mergeFieldKeyOf('Größe')).toMatch(/^gro/);
  });

  it('are inserted, counted and filled by key in the editor', () => {
    const editor = new Editor({
      extensions: contractExtensions(),
      content: normalizeDocument(doc(para(text('Hello ')))),
    });
    // At the end of the paragraph (there is no view to focus).
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    editor.commands.insertMergeField({ key: 'clientName', label: 'Client name' });
    editor.commands.insertContent({ type: 'text', text: ' and ' });
    editor.commands.insertMergeField({ key: 'clientName', label: 'Client name' });
    editor.commands.insertMergeField({ key: 'amount', label: 'Amount' });
    expect(collectMergeFields(editor.state.doc)).toEqual([
      { key: 'clientName', label: 'Client name', value: null, count: 2 },
      { key: 'amount', label: 'Amount', value: null, count: 1 },
    ]);
    expect(editor.commands.setMergeFieldValue('clientName', 'Globex')).toBe(true);
    expect(editor.getText()).toBe('Hello Globex and Globex[Amount]');
    // A blank value empties the fields again.
    editor.commands.setMergeFieldValue('clientName', '  ');
    expect(collectMergeFields(editor.state.doc)[0]?.value).toBeNull();
    expect(editor.commands.setMergeFieldValue('missing', 'x')).toBe(false);
    // The editor's JSON passes the server's checks.
    expect(() => normalizeDocument(editor.getJSON())).not.toThrow();
    editor.destroy();
  });
});

describe("a bulk send's row filling a template", () => {
  it('fills every field of a key, in every script, leaving the template as it was', () => {
    const template = doc(
      para(text('Between Acme and '), field({ key: 'client', label: 'Client', value: null })),
      {
        type: 'bulletList',
        content: [
          {
            type: 'listItem',
            content: [
              para(
                field({ key: 'client', label: 'Client', value: null }),
                text(' pays '),
                field({ key: 'fee', label: 'Fee', value: '100' }),
              ),
            ],
          },
        ],
      },
    );
    const before = JSON.stringify(template);
    const filled = withMergeValues(normalizeDocument(template), new Map([['client', 'Żółć & Syn — 北京']]));
    expect(JSON.stringify(template)).toBe(before);
    expect(unfilledMergeFields(filled)).toEqual([]);
    expect(renderDocumentHtml(filled)).toContain('Żółć &amp; Syn — 北京');
    // A key not in the row keeps its value.
    expect(JSON.stringify(filled)).toContain('"value":"100"');
  });

  it('fills the title where it names a field as the text shows an empty one, [Label]', () => {
    const fields = [
      { key: 'candidate', label: 'Candidate name' },
      { key: 'start', label: 'Start date' },
    ];
    const values = new Map([
      ['candidate', 'Νίκος'],
      ['start', '2027-01-04'],
    ]);
    expect(titleWithMergeValues('Offer letter — [Candidate name], from [start date]', fields, values)).toBe(
      'Offer letter — Νίκος, from 2027-01-04',
    );
    expect(titleWithMergeValues('Lease [Unit] for [Candidate name]', fields, values)).toBe(
      'Lease [Unit] for Νίκος',
    );
    expect(titleWithMergeValues(`${'['.repeat(5_000)}x`, fields, values)).toBe(`${'['.repeat(5_000)}x`);
  });
});
