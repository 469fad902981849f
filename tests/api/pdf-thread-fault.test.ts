import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contracts } from '../../src/server/db/schema';
import { projectRoot } from '../../src/server/paths';
import { threadedPdfEngine } from '../../src/server/pdf/pdf-engine';
import type { EditorNode } from '../../src/shared/api/editor-document';
import { docxMediaType } from '../../src/shared/docx-file';
import { nestedTables } from '../fixtures/docx/hostile-files';
import { bringTo } from '../support/contract-factory';
import { pdfText } from '../support/pdf-text';
import { buildAccount, call, sampleDocument, type TestAccount, testApp } from '../support/test-app';

// The real app with the built PDF worker thread, shared by every organization as in production.
const workerFile = join(projectRoot, 'dist', 'server', 'pdf-worker.js');
if (!existsSync(workerFile)) throw new Error(`${workerFile} is missing: run \`npm run build\` first`);
const pdf = threadedPdfEngine(pathToFileURL(workerFile));
// Registered before the app's closing, so it runs after it: the app is closed before its engine.
afterAll(() => pdf.close());
const ctx = await testApp({ pdf });
const attacker = await buildAccount(ctx);
const bystander = await buildAccount(ctx);

/** What an import made of 400 nested tables before their depth was bounded: 1,200 levels of nodes. */
function tablesNested(levels: number): { type: 'doc'; content: EditorNode[] } {
  let node: EditorNode = { type: 'paragraph', content: [{ type: 'text', text: 'deep' }] };
  for (let level = 0; level < levels; level += 1) {
    node = {
      type: 'table',
      content: [{ type: 'tableRow', content: [{ type: 'tableCell', content: [node] }] }],
    };
  }
  return { type: 'doc', content: [node] };
}

async function draft(account: TestAccount, content: unknown = sampleDocument()): Promise<string> {
  const created = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: 'Agreement', content },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

describe('a document nested past any layout', () => {
  // It broke react-pdf's layout for good (the thread's memory stayed broken for everyone); Typst
  // sets it, its blocks flat past twelve levels.
  it('is refused at import; one stored before that is sent, set flat, and the next organization sends at once', async () => {
    const imported = await call(ctx, attacker, {
      method: 'POST',
      url: '/api/contracts/import-docx?fileName=tables400.docx',
      payload: nestedTables(400, { endTagsInComment: 1_250 }),
      headers: { 'content-type': docxMediaType },
    });
    expect(imported.statusCode).toBe(413);

    // A draft stored as that import stored it, before nesting was bounded.
    const deepId = await draft(attacker);
    await ctx.database.db
      .update(contracts)
      .set({ content: tablesNested(400) })
      .where(eq(contracts.id, deepId));
    await call(ctx, attacker, {
      method: 'PATCH',
      url: `/api/contracts/${deepId}`,
      json: { signers: [{ name: 'S', email: 's@example.net' }] },
    });
    const deepSend = await call(ctx, attacker, {
      method: 'POST',
      url: `/api/contracts/${deepId}/send`,
      json: { sequential: false },
    });
    expect(deepSend.statusCode, deepSend.body).toBe(200);
    const deepPdf = await call(ctx, attacker, {
      method: 'GET',
      url: `/api/contracts/${deepId}/documents/frozen`,
    });
    expect(await pdfText(deepPdf.rawPayload)).toContain('deep');

    // Another organization's one-paragraph contract, sent at once, and its PDF.
    const id = await draft(bystander);
    await bringTo(ctx, bystander, id, 'sent');
    const frozen = await call(ctx, bystander, {
      method: 'GET',
      url: `/api/contracts/${id}/documents/frozen`,
    });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);
});
