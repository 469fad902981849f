import { describe, expect, it } from 'vitest';
import { docxEngineOf } from '../../src/server/docx/docx-engine';
import { uploadEngineOf } from '../../src/server/uploads/upload-engine';
import type { TaskEngine } from '../../src/server/workers/task-engine';
import type { Tasks } from '../../src/server/workers/task-thread';
import { docxMediaType } from '../../src/shared/docx-file';
import { docxFixture } from '../fixtures/docx/compact-document';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { buildAccount, call, testApp } from '../support/test-app';

/** An engine whose every task fails, as a thread that ran out of heap or time does. */
function failingEngine<T extends Tasks>(): TaskEngine<T> & { calls: string[] } {
  const calls: string[] = [];
  return {
    threaded: true,
    calls,
    run: (task) => {
      calls.push(task);
      return Promise.reject(new Error('The task thread ran out of memory'));
    },
    keepAlive: () => {},
    close: async () => {},
  };
}

// The app's engines are what it is given: these two fail, the others are the real inline ones.
const docxTasks = failingEngine();
const uploadTasks = failingEngine();
const ctx = await testApp({
  docx: docxEngineOf(docxTasks),
  uploads: uploadEngineOf(uploadTasks, uploadTasks),
});
const owner = await buildAccount(ctx);

describe('engines given to the app', () => {
  it('answers a .docx import whose engine fails with 413, the document too large or too complex', async () => {
    const response = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/import-docx?fileName=formatting.docx',
      payload: docxFixture('formatting.docx'),
      headers: { 'content-type': docxMediaType },
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error.message).toMatch(/too large or too complex to import/);
    expect(docxTasks.calls).toEqual(['importDocx']);
  });

  it('answers a PDF upload whose engine fails with 413, and stores no contract', async () => {
    const before = (await call(ctx, owner, { method: 'GET', url: '/api/contracts' })).json().items.length;
    const response = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=lease.pdf',
      payload: pdfFixture('libreoffice-agreement.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error.message).toMatch(/too large or too complex to read/);
    expect(uploadTasks.calls).toEqual(['inspectPdf']);
    const after = (await call(ctx, owner, { method: 'GET', url: '/api/contracts' })).json().items.length;
    expect(after).toBe(before);
  });
});
