import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema';
import { spreadsheetMediaTypes } from '../../src/shared/spreadsheet-file';
import { withMail } from '../support/background';
import { buildAccount, call, type TestAccount, testApp } from '../support/test-app';

const run = promisify(execFile);
const fixtures = new URL('../fixtures/spreadsheets/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, fixtures));

const ctx = await testApp();
const { peer, background } = await withMail(ctx);
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);
const dir = mkdtempSync(join(tmpdir(), 'pactum-bulk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const field = (key: string, label: string) => ({ type: 'mergeField', attrs: { key, label, value: null } });
const text = (value: string) => ({ type: 'text', text: value });

/** An offer letter: one role (Client) for each contract, and four merge fields, one named in the title. */
async function offerTemplate(account: TestAccount) {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title: 'Offer letter — [Company]',
      isTemplate: true,
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              text('We offer a place at '),
              field('company', 'Company'),
              text(' from '),
              field('startDate', 'Start date'),
              text(' at a salary of '),
              field('salary', 'Salary'),
              text('. Note: '),
              field('notes', 'Notes'),
            ],
          },
        ],
      },
      signers: [{ name: 'Client', email: 'role-1@template.invalid', role: 'signer' }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

function upload(account: TestAccount, templateId: string, body: Buffer, fileName: string, type?: string) {
  return call(ctx, account, {
    method: 'POST',
    url: `/api/templates/${templateId}/bulk-sends?fileName=${encodeURIComponent(fileName)}`,
    headers: {
      'content-type': type ?? (fileName.endsWith('.xlsx') ? spreadsheetMediaTypes.xlsx : 'text/csv'),
    },
    payload: body,
  });
}

async function pdfText(bytes: Buffer): Promise<string> {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  return (await run('pdftotext', ['-layout', path, '-'])).stdout;
}

describe('bulk send', () => {
  it('reads a semicolon CSV with a byte-order mark, maps it by its headers, is fixed in place and sends each row with its own text', async () => {
    const template = await offerTemplate(owner);
    const uploaded = await upload(owner, template.id, fixture('excel-csv-utf8-semicolons.csv'), 'offers.csv');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const batch = uploaded.json();
    expect(batch).toMatchObject({
      status: 'checking',
      source: 'csv',
      fileName: 'offers.csv',
      rowCount: 5,
      headers: ['Client name', 'Client email', 'Company', 'Start date', 'Salary', 'Notes'],
      mapping: [
        { kind: 'roleName', role: 1 },
        { kind: 'roleEmail', role: 1 },
        { kind: 'field', key: 'company' },
        { kind: 'field', key: 'startDate' },
        { kind: 'field', key: 'salary' },
        { kind: 'field', key: 'notes' },
      ],
      template: { roles: [{ number: 1, name: 'Client' }] },
    });
    // 王小明's row has no note.
    expect(batch.problems).toMatchObject({ count: 1, rows: 1, mapping: [] });
    const problems = await call(ctx, owner, {
      method: 'GET',
      url: `/api/bulk-sends/${batch.id}/rows?show=problems`,
    });
    expect(problems.json().items).toEqual([
      expect.objectContaining({ row: 5, problems: [{ row: 5, column: 5, message: 'Notes is empty' }] }),
    ]);
    const download = await call(ctx, owner, { method: 'GET', url: `/api/bulk-sends/${batch.id}/problems` });
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.body).toContain('王小明');
    expect(download.body).toContain('Notes: Notes is empty');

    // Sending is refused while a problem is left; the preview of a good row is the PDF as sent.
    const refused = await call(ctx, owner, { method: 'POST', url: `/api/bulk-sends/${batch.id}/send` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('BULK_SEND_HAS_PROBLEMS');
    const preview = await call(ctx, owner, {
      method: 'GET',
      url: `/api/bulk-sends/${batch.id}/rows/2/preview`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const previewText = await pdfText(preview.rawPayload);
    expect(previewText).toContain('Offer letter — Żółć & Syn sp. z o.o.');
    expect(previewText).toContain('at a salary of 8500');

    const row5 = problems.json().items[0];
    const fixed = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/bulk-sends/${batch.id}/rows/5`,
      json: { cells: [...row5.cells.slice(0, 5), 'Relocates in March'] },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().problems.count).toBe(0);

    // Confirming twice sends once.
    const [first, second] = await Promise.all([
      call(ctx, owner, { method: 'POST', url: `/api/bulk-sends/${batch.id}/send` }),
      call(ctx, owner, { method: 'POST', url: `/api/bulk-sends/${batch.id}/send` }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().status).toBe('sending');
    await background.drain();

    const done = (await call(ctx, owner, { method: 'GET', url: `/api/bulk-sends/${batch.id}` })).json();
    expect(done).toMatchObject({ status: 'done', counts: { sent: 5, failed: 0, queued: 0 } });
    const rows = (await call(ctx, owner, { method: 'GET', url: `/api/bulk-sends/${batch.id}/rows` })).json()
      .items;
    expect(rows).toHaveLength(5);
    const arabic = rows.find((row: { row: number }) => row.row === 6);
    const contract = (
      await call(ctx, owner, { method: 'GET', url: `/api/contracts/${arabic.contractId}` })
    ).json();
    expect(contract).toMatchObject({ status: 'sent', title: 'Offer letter — شركة العقود' });
    expect(contract.signers).toEqual([
      expect.objectContaining({ name: 'محمد العلي', email: 'mohammed@example.sa' }),
    ]);
    // A formula-like value is text in the contract, as written.
    expect(contract.contentHtml).toContain("=cmd|' /C calc'!A0");
    // Each person was invited once.
    const invited = peer.to('mohammed@example.sa');
    expect(invited).toHaveLength(1);
    const finished = await ctx.database.db.select().from(events).where(eq(events.type, 'bulk_send.finished'));
    expect(finished.map((event) => event.data)).toContainEqual(
      expect.objectContaining({ bulkSendId: batch.id, status: 'done', sent: '5', failed: '0' }),
    );
  });

  it('reads an .xlsx saved by LibreOffice the same way', async () => {
    const template = await offerTemplate(owner);
    const uploaded = await upload(owner, template.id, fixture('libreoffice.xlsx'), 'offers.xlsx');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ source: 'xlsx', rowCount: 5, problems: { count: 1 } });
  });

  it('refuses a file past the bound with the bound in its words', async () => {
    const template = await offerTemplate(owner);
    const uploaded = await upload(owner, template.id, Buffer.alloc(10 * 1024 * 1024 + 1, 'a;'), 'big.csv');
    expect(uploaded.statusCode).toBe(413);
    expect(uploaded.json().error.message).toBe('The file is larger than 10 MB');
  });

  it("is another organization's to see or change by no one else", async () => {
    const template = await offerTemplate(owner);
    const batch = (
      await upload(owner, template.id, fixture('excel-csv-utf8-semicolons.csv'), 'a.csv')
    ).json();
    for (const [method, url] of [
      ['GET', `/api/bulk-sends/${batch.id}`],
      ['GET', `/api/bulk-sends/${batch.id}/rows`],
      ['GET', `/api/bulk-sends/${batch.id}/problems`],
      ['GET', `/api/bulk-sends/${batch.id}/rows/2/preview`],
      ['POST', `/api/bulk-sends/${batch.id}/send`],
      ['POST', `/api/bulk-sends/${batch.id}/stop`],
      ['DELETE', `/api/bulk-sends/${batch.id}`],
      ['GET', `/api/templates/${template.id}/bulk-sample`],
    ] as const) {
      const response = await call(ctx, stranger, { method, url });
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
    }
    const theirs = await upload(stranger, template.id, fixture('excel-csv-utf8-semicolons.csv'), 'a.csv');
    expect(theirs.statusCode).toBe(404);
    const list = (await call(ctx, stranger, { method: 'GET', url: '/api/bulk-sends' })).json();
    expect(list.items).toEqual([]);
  });
});
