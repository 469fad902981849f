import { describe, expect, it } from 'vitest';
import { docxLimits } from '../../src/server/docx/docx-limits';
import { docxMediaType } from '../../src/shared/docx-file';
import { contractLimits } from '../../src/shared/limits';
import { nestedTables } from '../fixtures/docx/hostile-files';
import { nestedList } from '../support/nested-list';
import { buildAccount, call, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);

const upload = (file: Buffer, url = '/api/contracts/import-docx?fileName=deep.docx') =>
  call(ctx, owner, { method: 'POST', url, payload: file, headers: { 'content-type': docxMediaType } });

const xmlTooDeep = `This document's word/document.xml is nested more than ${docxLimits.xmlDepth} levels deep; a Word document never is.`;
const documentTooDeep = `This document is nested too deeply: its lists, tables and quotes go more than ${contractLimits.depth} levels within one another. Flatten some of the nesting and try again.`;

describe('a .docx nested deeper than a document may be', () => {
  it.each([
    [
      '400 levels of tables behind a comment of end tags',
      () => nestedTables(400, { endTagsInComment: 1_250 }),
    ],
    ['400 levels of tables whose attributes hold "/>"', () => nestedTables(400, { slashInAttributes: true })],
    [
      '1,000 levels of tables behind a comment of end tags',
      () => nestedTables(1_000, { endTagsInComment: 3_050 }),
    ],
  ])('%s: 413 naming the limit, nothing stored', async (_name, make) => {
    const before = (await call(ctx, owner, { method: 'GET', url: '/api/contracts' })).json().items.length;
    const response = await upload(make());
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(xmlTooDeep);
    expect((await call(ctx, owner, { method: 'GET', url: '/api/contracts' })).json().items).toHaveLength(
      before,
    );
  });

  it('within the XML limit but deeper than a document may nest: 413 naming that limit, as a template too', async () => {
    // Three levels per table (table, row, cell), then the paragraph and its text.
    const tables = Math.floor((contractLimits.depth - 2) / 3) + 1;
    for (const url of [
      '/api/contracts/import-docx',
      '/api/contracts/import-docx?template=true',
      '/api/docx/convert',
    ]) {
      const response = await upload(nestedTables(tables), url);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe(documentTooDeep);
    }
  });

  it('the deepest document an import accepts can be saved again as it is', async () => {
    const tables = Math.floor((contractLimits.depth - 2) / 3);
    const imported = await upload(nestedTables(tables));
    expect(imported.statusCode).toBe(201);
    const { contract } = imported.json();
    let node = contract.content.content[0];
    for (let level = 1; level < tables * 3; level += 1) node = node.content[0];
    expect(node.content[0].content[0].text).toBe('deep');
    const saved = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { content: contract.content },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().content).toEqual(contract.content);
  });
});

describe('a list nested deeper than Word nests lists', () => {
  it('is refused when saved (its PDF layout doubled with each level and held the PDF thread for everyone); nine levels send', async () => {
    const refused = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Twenty levels', content: nestedList(20) },
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toBe(
      'A list is nested more than 9 levels deep, which is as deep as Word goes. Outdent some of its items and try again.',
    );
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Nine levels',
        content: nestedList(contractLimits.listNesting),
        signers: [{ name: 'Sam Signer', email: 'sam@example.net' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const patched = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { content: nestedList(contractLimits.listNesting + 1) },
    });
    expect(patched.statusCode).toBe(413);
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
  });
});
