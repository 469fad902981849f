import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inertCell } from '../../src/server/services/exports/export-file';
import { buildAccount, call, sampleDocument, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const admin = await buildAccount(ctx);
const stranger = await buildAccount(ctx);
const scratch = await mkdtemp(join(tmpdir(), 'pactum-exports-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

const header = [
  'Title',
  'Status',
  'Project',
  'Counterparty',
  'Type',
  'Value',
  'Currency',
  'Effective',
  'End',
  'Notice deadline',
  'Renewal',
  'Owner',
  'Tags',
  'Created',
  'Sent',
  'Signed',
  'Link',
];

async function create(account: TestAccount, title: string, terms?: Record<string, unknown>): Promise<string> {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: { title, content: sampleDocument(`${title}: the parties agree.`) },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  if (terms) {
    const set = await call(ctx, account, { method: 'PATCH', url: `/api/contracts/${id}/terms`, json: terms });
    expect(set.statusCode, set.body).toBe(200);
  }
  return id;
}

const exportOf = (account: TestAccount, params: string) =>
  call(ctx, account, { method: 'GET', url: `/api/search/export?${params}` });

// (A title's leading tab or carriage return is trimmed when it is saved: inertCell is checked alone.)
const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)'];
const supply = await create(admin, 'Supply agreement', {
  counterpartyCompany: 'Żółć Sp. z o.o.',
  value: 12000.5,
  currency: 'EUR',
  effectiveOn: '2027-01-01',
  duration: 'until',
  endOn: '2027-12-31',
  noticeDays: 30,
  renewal: 'automatic',
  renewalMonths: 12,
  tags: ['supply', '=cmd|calc'],
});
for (const title of hostile)
  await create(admin, title, { counterpartyCompany: `-${title}`, tags: ['hostile'] });
await create(stranger, 'Stranger agreement');

describe('exports', () => {
  it('makes every cell a spreadsheet would read as a formula text', () => {
    for (const cell of ['=1', '+1', '-1', '@A1', '\t=1', '\r=1']) expect(inertCell(cell)).toBe(`'${cell}`);
    for (const cell of ['1', 'a=1', ' =1', "'=1", '']) expect(inertCell(cell)).toBe(cell);
  });

  it('writes the filtered list as CSV, every formula-like cell as text', async () => {
    const response = await exportOf(admin, 'format=csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="contracts-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(response.headers['x-export-truncated']).toBe('false');
    const records = parseSync(response.body, { bom: true }) as string[][];
    expect(records[0]).toEqual(header);
    expect(records).toHaveLength(1 + 1 + hostile.length);
    const row = records.find((record) => record[0] === 'Supply agreement') as string[];
    expect(row.slice(0, 13)).toEqual([
      'Supply agreement',
      'draft',
      expect.any(String),
      'Żółć Sp. z o.o.',
      '',
      '12000.5',
      'EUR',
      '2027-01-01',
      '2027-12-31',
      '2027-12-01',
      'automatic, 12 months',
      expect.stringContaining('Test User'),
      'supply, =cmd|calc',
    ]);
    expect(row[13]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(row[16]).toBe(`http://localhost:3000/contracts/${supply}`);
    // Every cell that a spreadsheet would read as a formula starts with an apostrophe.
    for (const record of records.slice(1)) {
      for (const cell of record) expect(cell, record.join(' | ')).not.toMatch(/^[=+\-@\t\r]/);
    }
    const titles = records.slice(1).map((record) => record[0]);
    for (const title of hostile) expect(titles).toContain(`'${title}`);
    expect(parseSync((await exportOf(stranger, '')).body, { bom: true })).toHaveLength(2);
  });

  it('applies the same words and filters as the search', async () => {
    const tagged = parseSync((await exportOf(admin, 'tags=hostile')).body, { bom: true }) as string[][];
    expect(tagged).toHaveLength(1 + hostile.length);
    const found = parseSync((await exportOf(admin, 'q=zolc&format=csv')).body, { bom: true }) as string[][];
    expect(found.slice(1).map((record) => record[0])).toEqual(['Supply agreement']);
    expect((await exportOf(admin, 'format=pdf')).statusCode).toBe(400);
    expect((await exportOf(admin, `q=${'x'.repeat(10_000)}`)).statusCode).toBe(400);
    expect((await exportOf(admin, 'valueMax=5')).statusCode).toBe(400);
  });

  it('writes .xlsx with text in string cells, never a formula', async () => {
    const response = await exportOf(admin, 'format=xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const bytes = response.rawPayload;
    const zip = await JSZip.loadAsync(bytes);
    const sheets = Object.keys(zip.files).filter((name) => /worksheets\/sheet\d+\.xml$/.test(name));
    expect(sheets).toHaveLength(1);
    const xml = await zip.file(sheets[0] as string)?.async('string');
    expect(xml).toContain('HYPERLINK');
    expect(xml).not.toMatch(/<f[\s>]/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([undefined, ...header]);
    const titles: string[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const cell = row.getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      titles.push(String(cell.value));
      if (cell.value === 'Supply agreement') expect(row.getCell(6).value).toBe(12000.5);
    });
    expect(titles.sort()).toEqual([...hostile, 'Supply agreement'].sort());
  });
});

// The heap a stream holds is what survives a collection: garbage not yet collected is not held.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * The most heap (after a collection) and resident memory the process held above what it held
 * before, sampled at every megabyte of `stream` while `consume` reads it to its end.
 */
async function peakWhile(stream: Readable, consume: (stream: Readable) => Promise<void>) {
  collect();
  const start = process.memoryUsage();
  let heap = 0;
  let rss = 0;
  let bytes = 0;
  let sampledAt = 0;
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes - sampledAt < 1_000_000) return;
    sampledAt = bytes;
    collect();
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed - start.heapUsed);
    rss = Math.max(rss, now.rss - start.rss);
  });
  const started = performance.now();
  await consume(stream);
  return { heap, rss, bytes, seconds: (performance.now() - started) / 1000 };
}

/**
 * 100,005 contracts of one organization, made set-based with the search triggers off (an export
 * reads no search document).
 */
async function seedBigOrganization(): Promise<TestAccount> {
  const big = await buildAccount(ctx);
  const rows = 100_005;
  const { db } = ctx.database;
  // The counts trigger would upsert one row once per contract in one statement, walking ever more
  // dead versions of it (three minutes of the seed): the counts are written once after instead.
  for (const trigger of ['contracts_search_insert', 'contracts_status_counts'])
    await db.execute(sql`alter table contracts disable trigger ${sql.identifier(trigger)}`);
  await db.execute(sql`alter table contract_terms disable trigger contract_terms_search_insert`);
  const [project] = (
    (await db.execute(
      sql`select id from projects where organization_id = ${big.organizationId} limit 1`,
    )) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const projectId =
    project?.id ??
    (
      (await db.execute(
        sql`insert into projects (organization_id, name) values (${big.organizationId}, 'Bulk') returning id`,
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]?.id;
  await db.execute(sql`
    insert into contracts (organization_id, project_id, title, content, content_html, created_by, created_by_name, updated_at)
    select ${big.organizationId}, ${projectId},
           case when n % 1000 = 0 then '=1+' || n else 'Bulk contract number ' || n end,
           '{"type":"doc","content":[]}'::json, '', ${big.userId}, 'Bulk Maker',
           timestamptz '2026-01-01' + n * interval '1 second'
    from generate_series(1, ${rows}) as n`);
  await db.execute(sql`
    insert into contract_terms (contract_id, organization_id, counterparty_company, value, currency, tags, end_on)
    select id, organization_id, 'Counterparty ' || left(id::text, 8), 1000, 'EUR', array['bulk', 'tag two'], date '2030-01-01'
    from contracts where organization_id = ${big.organizationId}`);
  for (const trigger of ['contracts_search_insert', 'contracts_status_counts'])
    await db.execute(sql`alter table contracts enable trigger ${sql.identifier(trigger)}`);
  await db.execute(sql`alter table contract_terms enable trigger contract_terms_search_insert`);
  await db.execute(sql`
    insert into contract_status_counts (organization_id, project_id, status, count)
    select organization_id, project_id, status, count(*) from contracts
    where organization_id = ${big.organizationId} and not is_template and project_id is not null
    group by organization_id, project_id, status
    on conflict (project_id, status) do update set count = excluded.count`);
  // As autovacuum would after so many rows: the planner reads them as they are.
  await db.execute(sql`analyze contracts`);
  await db.execute(sql`analyze contract_terms`);
  return big;
}

describe('an export of 100,000 contracts', () => {
  let big: TestAccount;
  let address: string;
  beforeAll(async () => {
    big = await seedBigOrganization();
    // Read over a real connection, as a browser reads it: inject() keeps every chunk it was sent.
    address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 600_000);

  const streamOf = async (format: 'csv' | 'xlsx') => {
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${address}/api/search/export?format=${format}`, { headers: { cookie: big.cookie } }, resolve).on(
        'error',
        reject,
      ),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-export-truncated']).toBe('true');
    return response;
  };

  it('streams the CSV with bounded memory, stops at the cap and says so', { timeout: 180_000 }, async () => {
    let count = 0;
    let last: string[] = [];
    let formulas = 0;
    let live = 0;
    const seen = await peakWhile(await streamOf('csv'), async (stream) => {
      const parser = stream.pipe(parse({ bom: true, relax_column_count: true }));
      for await (const record of parser as AsyncIterable<string[]>) {
        count += 1;
        last = record;
        if (record[0]?.startsWith("'=")) formulas += 1;
        if (/^[=+\-@]/.test(record[0] ?? '')) live += 1;
      }
    });
    // The header, 100,000 rows and the note.
    expect(count).toBe(1 + 100_000 + 1);
    expect(last[0]).toContain('Only the first 100,000 contracts');
    expect(formulas).toBe(100);
    expect(live).toBe(0);
    expect(seen.bytes).toBeGreaterThan(20_000_000);
    console.log(
      `CSV export: ${seen.bytes} bytes in ${seen.seconds.toFixed(1)} s, heap +${seen.heap} B, RSS +${seen.rss} B at most`,
    );
    // Far below the file: the rows are read a batch at a time as it is read.
    expect(seen.heap).toBeLessThan(seen.bytes / 10);
    // The resident size also counts the embedded database's pages as it reads 100,000 rows
    // (about 30 MB on PGlite), never the file.
    expect(seen.rss).toBeLessThan(64 * 1024 * 1024);
  });

  it('streams the .xlsx with bounded memory, and it reads back', { timeout: 240_000 }, async () => {
    const file = join(scratch, 'big.xlsx');
    const seen = await peakWhile(await streamOf('xlsx'), (stream) =>
      pipeline(stream, createWriteStream(file)),
    );
    const zip = await JSZip.loadAsync(await readFile(file));
    const sheetName = Object.keys(zip.files).find((name) =>
      /worksheets\/sheet\d+\.xml$/.test(name),
    ) as string;
    const xml = (await zip.file(sheetName)?.async('string')) ?? '';
    console.log(
      `xlsx export: ${seen.bytes} bytes (sheet ${xml.length} characters), heap +${seen.heap} B, RSS +${seen.rss} B at most`,
    );
    expect(xml).not.toMatch(/<f[\s>]/);
    // Far below the sheet it wrote (the file is that sheet compressed): rows leave as they are written.
    expect(seen.heap).toBeLessThan(xml.length / 10);
    expect(seen.rss).toBeLessThan(64 * 1024 * 1024);
    let count = 0;
    let lastTitle = '';
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {});
    for await (const sheet of reader) {
      for await (const row of sheet) {
        count += 1;
        lastTitle = String(row.getCell(1).value);
      }
    }
    expect(count).toBe(1 + 100_000 + 1);
    expect(lastTitle).toContain('Only the first 100,000 contracts');
  });
});
