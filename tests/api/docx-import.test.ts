import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EditorNode } from '../../src/shared/api/editor-document';
import { docxMediaType } from '../../src/shared/docx-file';
import { allNodes, compactDocument, docxFixture } from '../fixtures/docx/compact-document';
import { docxWithDocument } from '../fixtures/docx/hostile-files';
import { buildAccount, call, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);

const upload = (url: string, file: Buffer, account: TestAccount | null = owner) =>
  call(ctx, account, { method: 'POST', url, payload: file, headers: { 'content-type': docxMediaType } });

const text = (value: string, ...marks: EditorNode['marks'] & object): EditorNode =>
  marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const paragraph = (...content: EditorNode[]): EditorNode => ({ type: 'paragraph', content });
const item = (...content: EditorNode[]): EditorNode => ({ type: 'listItem', content });
const cell = (type: string, value: string, attrs?: Record<string, unknown>): EditorNode => ({
  type,
  ...(attrs ? { attrs } : {}),
  content: [paragraph(text(value))],
});

describe('importing a .docx made by LibreOffice', () => {
  it('starts a contract with headings, marks, colour, links, lists, alignment, a page break and a table', async () => {
    const response = await upload(
      '/api/contracts/import-docx?fileName=formatting.docx',
      docxFixture('formatting.docx'),
    );
    expect(response.statusCode).toBe(201);
    const { contract, notices } = response.json();
    expect(contract).toMatchObject({ title: 'Formatting sample', isTemplate: false, status: 'draft' });
    expect(notices).toEqual(['1 link to an address other than http, https or mailto kept its text only.']);
    expect(compactDocument(contract.content)).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [text('Service Agreement')] },
        { type: 'heading', attrs: { level: 2 }, content: [text('Parties')] },
        { type: 'heading', attrs: { level: 3 }, content: [text('Signatories')] },
        paragraph(
          text('Between '),
          text('Łukasz Żółć', { type: 'bold' }),
          text(' and '),
          text('Иван Петров', { type: 'italic' }),
          text(', '),
          text('underlined', { type: 'underline' }),
          text(' '),
          text('struck', { type: 'strike' }),
          text(' '),
          text('red', { type: 'textStyle', attrs: { color: '#c00000' } }),
          text(' '),
          text('terms', { type: 'link', attrs: { href: 'https://example.com/terms' } }),
          text('.'),
        ),
        {
          type: 'orderedList',
          content: [
            item(paragraph(text('First')), {
              type: 'orderedList',
              attrs: { type: 'a' },
              content: [
                item(paragraph(text('alpha one'))),
                item(paragraph(text('alpha two')), {
                  type: 'orderedList',
                  attrs: { type: 'i' },
                  content: [item(paragraph(text('roman')))],
                }),
              ],
            }),
            item(paragraph(text('Second'))),
          ],
        },
        { type: 'bulletList', content: [item(paragraph(text('bullet')))] },
        { type: 'orderedList', attrs: { start: 3, type: 'A' }, content: [item(paragraph(text('Upper C')))] },
        { type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('Centered')] },
        { type: 'paragraph', attrs: { textAlign: 'right' }, content: [text('Right')] },
        {
          type: 'paragraph',
          attrs: { textAlign: 'justify' },
          content: [text('Justified text for محمد العلي.')],
        },
        paragraph(
          text('Write to '),
          text('legal@example.com', { type: 'link', attrs: { href: 'mailto:legal@example.com' } }),
          text('; not a link.'),
        ),
        { type: 'pageBreak' },
        paragraph(text('After break')),
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                cell('tableHeader', 'Name', { align: 'center' }),
                cell('tableHeader', 'Role', { align: 'center' }),
              ],
            },
            { type: 'tableRow', content: [cell('tableCell', 'Merged 王小明', { colspan: 2 })] },
            {
              type: 'tableRow',
              content: [cell('tableCell', 'Ελένη', { rowspan: 2 }), cell('tableCell', 'A')],
            },
            { type: 'tableRow', content: [cell('tableCell', 'B')] },
          ],
        },
        { type: 'paragraph' },
      ],
    });
    // Stored as any saved contract: its HTML was rendered from the same document.
    expect(contract.contentHtml).toContain('<u>underlined</u>');
  });

  it('turns multi-level "%1.%2" numbering into legal lists, nested by level', async () => {
    const response = await upload('/api/contracts/import-docx', docxFixture('legal-numbering.docx'));
    expect(response.statusCode).toBe(201);
    const { contract, notices } = response.json();
    expect(contract.title).toBe('Umowa o świadczenie usług');
    expect(notices).toEqual([]);
    const legal = (...items: EditorNode[]): EditorNode => ({
      type: 'orderedList',
      attrs: { numbering: 'legal' },
      content: items,
    });
    expect(compactDocument(contract.content).content?.slice(2)).toEqual([
      legal(
        item(
          paragraph(text('Definicje')),
          legal(
            item(paragraph(text('Umowa oznacza niniejszy dokument.'))),
            item(
              paragraph(text('Usługi oznaczają prace opisane w Załączniku 1.')),
              legal(item(paragraph(text('Usługi obejmują wsparcie techniczne.')))),
            ),
          ),
        ),
        item(
          paragraph(text('Wynagrodzenie')),
          legal(item(paragraph(text('Wynagrodzenie płatne jest w terminie 14 dni.')))),
        ),
      ),
    ]);
  });

  it('names what it leaves out, and takes tracked changes as accepted', async () => {
    const response = await upload('/api/contracts/import-docx', docxFixture('unsupported.docx'));
    expect(response.statusCode).toBe(201);
    const { contract, notices } = response.json();
    expect(notices).toEqual([
      '2 images, 1 comment and 1 footnote were not imported.',
      '2 tracked changes were accepted.',
      'The text of 1 text box was kept as ordinary paragraphs.',
    ]);
    expect(compactDocument(contract.content).content).toEqual([
      paragraph(text('The supplier is 王小明 Trading Ltd.')),
      // "fourteen" was inserted and "thirty" deleted with changes tracked.
      paragraph(text('Payment is due within fourteen days.')),
      paragraph(text('Company logo: ')),
      paragraph(text('Signature stamp: ')),
      paragraph(text('The end.')),
      paragraph(text('Boxed reminder for Łukasz Żółć.')),
    ]);
  });

  it('reads a 30-page agreement: every article, clause, sub-clause and table', async () => {
    const response = await upload('/api/contracts/import-docx', docxFixture('long-agreement.docx'));
    expect(response.statusCode).toBe(201);
    const { contract } = response.json();
    const nodes = allNodes(contract.content);
    const count = (predicate: (node: EditorNode) => boolean) => nodes.filter(predicate).length;
    expect(contract.title).toBe('Master Services Agreement');
    // 36 articles and the signatures, under the title.
    expect(count((node) => node.type === 'heading' && node.attrs?.level === 2)).toBe(37);
    expect(count((node) => node.type === 'orderedList' && node.attrs?.type === null)).toBe(36);
    expect(count((node) => node.type === 'orderedList' && node.attrs?.type === 'a')).toBe(36);
    expect(count((node) => node.type === 'listItem')).toBe(36 * 4 + 36 * 3);
    // The parties' table and a milestone table every sixth article, each with its header row.
    expect(count((node) => node.type === 'table')).toBe(1 + 6);
    expect(count((node) => node.type === 'tableHeader')).toBe(3 * 7);
    expect(count((node) => node.type === 'pageBreak')).toBe(3);
    const names = JSON.stringify(contract.content);
    for (const name of ['Łukasz Żółć', 'Анна Кузнецова', 'Ελένη Παπαδοπούλου', '王小明', 'محمد العلي']) {
      expect(names).toContain(name);
    }
  });

  it('starts a template, and a repeated import with the same id returns the same one', async () => {
    const id = randomUUID();
    const url = `/api/contracts/import-docx?template=true&id=${id}&fileName=${encodeURIComponent('Umowa.docx')}`;
    const first = await upload(url, docxFixture('legal-numbering.docx'));
    expect(first.statusCode).toBe(201);
    expect(first.json().contract).toMatchObject({ id, isTemplate: true, projectId: null });
    const again = await upload(url, docxFixture('legal-numbering.docx'));
    expect(again.statusCode).toBe(200);
    expect(again.json().contract.id).toBe(id);
    const templates = await call(ctx, owner, { method: 'GET', url: '/api/templates' });
    expect(templates.json().items.filter((t: { id: string }) => t.id === id)).toHaveLength(1);
  });

  it('converts for the editor without storing anything', async () => {
    const before = (await call(ctx, owner, { method: 'GET', url: '/api/contracts' })).json().items.length;
    const response = await upload('/api/docx/convert?fileName=Offer.docx', docxFixture('unsupported.docx'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Reviewed draft', content: { type: 'doc' } });
    expect(response.json().notices).toHaveLength(3);
    const after = (await call(ctx, owner, { method: 'GET', url: '/api/contracts' })).json().items.length;
    expect(after).toBe(before);
  });

  it('takes "page break before" on a paragraph, as Word writes it, for a page break', async () => {
    const xml = `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Schedule 1</w:t></w:r></w:p><w:p><w:pPr><w:pageBreakBefore/><w:jc w:val="center"/></w:pPr><w:r><w:t>Schedule 2</w:t></w:r></w:p></w:body></w:document>`;
    const response = await upload('/api/docx/convert', docxWithDocument(Buffer.from(xml)));
    expect(response.statusCode).toBe(200);
    expect(compactDocument(response.json().content)).toEqual({
      type: 'doc',
      content: [
        paragraph(text('Schedule 1')),
        { type: 'pageBreak' },
        { type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('Schedule 2')] },
      ],
    });
  });

  it('asks who is importing before reading anything', async () => {
    const response = await upload('/api/contracts/import-docx', docxFixture('formatting.docx'), null);
    expect(response.statusCode).toBe(401);
  });
});
