import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkSendRows, bulkSends, contracts, jobs } from '../../src/server/db/schema';
import { withMail } from '../support/background';
import { buildAccount, buildMember, call, type TestAccount, testApp } from '../support/test-app';

// Bulk send, tried by someone who should not reach it: another organization with every id, a
// read-only token on every change, hostile mappings, cells, row numbers, cursors, file names and
// cell text, and races on one batch. Each must be refused clearly with nothing changed.

const ctx = await testApp();
const { background } = await withMail(ctx);
const db = ctx.database.db;
const owner = await buildAccount(ctx, { name: 'Bulk Owner' });
const outsider = await buildAccount(ctx, { name: 'Olga Outsider' });

const field = (key: string, label: string) => ({ type: 'mergeField', attrs: { key, label, value: null } });

async function template(account: TestAccount, title = 'Waiver — [Company]') {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title,
      isTemplate: true,
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Waiver for ' }, field('company', 'Company')],
          },
        ],
      },
      signers: [{ name: 'Visitor', email: 'role-1@template.invalid', role: 'signer' }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

let counter = 0;
function csv(rows: number, extra = '') {
  const lines = ['Visitor name,Visitor email,Company'];
  for (let index = 0; index < rows; index += 1) {
    counter += 1;
    lines.push(`Person ${counter},person-${counter}@example.com,Company ${counter}`);
  }
  return Buffer.from(`${lines.join('\n')}${extra}\n`);
}

function upload(account: TestAccount, templateId: string, body: Buffer, query = 'fileName=rows.csv') {
  return call(ctx, account, {
    method: 'POST',
    url: `/api/templates/${templateId}/bulk-sends?${query}`,
    headers: { 'content-type': 'text/csv' },
    payload: body,
  });
}

async function batchOf(account: TestAccount, rows = 2) {
  const templateId = await template(account);
  const uploaded = await upload(account, templateId, csv(rows));
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { templateId, id: uploaded.json().id as string };
}

/** Everything an attack could change on a batch: its row, its rows, its jobs and its contracts. */
async function stateOf(id: string) {
  await background.drain();
  const [batch] = await db.select().from(bulkSends).where(eq(bulkSends.id, id));
  const rows = await db
    .select({
      row: bulkSendRows.row,
      cells: bulkSendRows.cells,
      status: bulkSendRows.status,
      queuings: bulkSendRows.queuings,
      contractId: bulkSendRows.contractId,
    })
    .from(bulkSendRows)
    .where(eq(bulkSendRows.bulkSendId, id))
    .orderBy(asc(bulkSendRows.row));
  const made = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      inArray(
        contracts.id,
        rows.map((row) => row.contractId ?? '00000000-0000-0000-0000-000000000000'),
      ),
    );
  return {
    status: batch?.status,
    mapping: batch?.mapping,
    headers: batch?.headers,
    rowCount: batch?.rowCount,
    updatedAt: batch?.updatedAt.getTime(),
    rows,
    contracts: made.length,
  };
}

async function batchesOf(account: TestAccount) {
  return db
    .select({ id: bulkSends.id })
    .from(bulkSends)
    .where(eq(bulkSends.organizationId, account.organizationId));
}

async function tokenOf(account: TestAccount, scope: 'read' | 'read-write') {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/api-tokens',
    json: { name: `bulk ${scope}`, scope },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().token as string;
}

function withToken(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  json?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
  });
}

const validRow = (n: number) => ({
  people: [{ number: 1, name: `Json ${n}`, email: `json-${n}-${Date.now()}@example.com` }],
  values: { company: `Json Co ${n}` },
});

describe('bulk send attacks', () => {
  it("answers another organization's batch, rows, preview, problems and template as missing, and changes nothing", async () => {
    const { id, templateId } = await batchOf(owner);
    const before = await stateOf(id);
    const attempts: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; json?: unknown }[] = [
      { method: 'GET', url: `/api/bulk-sends/${id}` },
      { method: 'GET', url: `/api/bulk-sends/${id}/rows` },
      { method: 'GET', url: `/api/bulk-sends/${id}/rows?show=problems` },
      { method: 'GET', url: `/api/bulk-sends/${id}/rows/2/preview` },
      { method: 'GET', url: `/api/bulk-sends/${id}/problems` },
      {
        method: 'PUT',
        url: `/api/bulk-sends/${id}/mapping`,
        json: { mapping: [{ kind: 'ignore' }, { kind: 'ignore' }, { kind: 'ignore' }] },
      },
      {
        method: 'PATCH',
        url: `/api/bulk-sends/${id}/rows/2`,
        json: { cells: ['Mallory', 'mallory@evil.example', 'Evil'] },
      },
      { method: 'DELETE', url: `/api/bulk-sends/${id}/rows/2` },
      { method: 'POST', url: `/api/bulk-sends/${id}/send` },
      { method: 'POST', url: `/api/bulk-sends/${id}/stop` },
      { method: 'POST', url: `/api/bulk-sends/${id}/retry` },
      { method: 'DELETE', url: `/api/bulk-sends/${id}` },
      { method: 'GET', url: `/api/templates/${templateId}/bulk-sample` },
      { method: 'POST', url: '/api/bulk-sends', json: { templateId, rows: [validRow(1)], send: true } },
    ];
    for (const attempt of attempts) {
      const response = await call(ctx, outsider, attempt);
      expect([attempt.method, attempt.url, response.statusCode]).toEqual([attempt.method, attempt.url, 404]);
      expect(response.body).not.toContain('Person ');
    }
    const stolen = await upload(outsider, templateId, csv(1));
    expect(stolen.statusCode).toBe(404);
    // The outsider's list holds none of it; their organization stored nothing.
    const list = await call(ctx, outsider, { method: 'GET', url: '/api/bulk-sends' });
    expect(list.json().items).toEqual([]);
    expect(await batchesOf(outsider)).toEqual([]);
    expect(await stateOf(id)).toEqual(before);
  });

  it("refuses another organization's project for the contracts, on upload and in JSON, storing nothing", async () => {
    const mine = await template(outsider);
    const project = await call(ctx, owner, {
      method: 'POST',
      url: '/api/projects',
      json: { name: 'Owner only' },
    });
    expect(project.statusCode, project.body).toBe(201);
    const theirProject = project.json().id as string;
    const uploaded = await upload(outsider, mine, csv(1), `fileName=x.csv&projectId=${theirProject}`);
    expect(uploaded.statusCode, uploaded.body).toBe(404);
    expect(uploaded.json().error.field).toBe('projectId');
    const json = await call(ctx, outsider, {
      method: 'POST',
      url: '/api/bulk-sends',
      json: { templateId: mine, projectId: theirProject, rows: [validRow(2)], send: true },
    });
    expect(json.statusCode).toBe(404);
    expect(await batchesOf(outsider)).toEqual([]);
  });

  it('takes no contract as a template, and no file name it cannot store', async () => {
    const account = await buildAccount(ctx);
    const contract = await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Plain contract',
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }] },
        signers: [{ name: 'Visitor', email: 'visitor@example.com' }],
      },
    });
    expect(contract.statusCode, contract.body).toBe(201);
    const contractId = contract.json().id as string;
    expect((await upload(account, contractId, csv(1))).statusCode).toBe(404);
    expect(
      (await call(ctx, account, { method: 'GET', url: `/api/templates/${contractId}/bulk-sample` }))
        .statusCode,
    ).toBe(404);
    const json = await call(ctx, account, {
      method: 'POST',
      url: '/api/bulk-sends',
      json: { templateId: contractId, rows: [validRow(7)] },
    });
    expect(json.statusCode).toBe(404);
    const templateId = await template(account);
    for (const fileName of ['a\u0000b.csv', `${'x'.repeat(256)}.csv`]) {
      const refused = await upload(account, templateId, csv(1), `fileName=${encodeURIComponent(fileName)}`);
      expect([fileName.slice(0, 10), refused.statusCode]).toEqual([fileName.slice(0, 10), 400]);
    }
    expect(await batchesOf(account)).toEqual([]);
  });

  it('keeps every change from a read-only token, and the list and batch readable by it', async () => {
    const { id, templateId } = await batchOf(owner);
    const before = await stateOf(id);
    const token = await tokenOf(owner, 'read');
    const changes: ['POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['POST', '/api/bulk-sends', { templateId, rows: [validRow(3)], send: true }],
      [
        'PUT',
        `/api/bulk-sends/${id}/mapping`,
        { mapping: [{ kind: 'ignore' }, { kind: 'ignore' }, { kind: 'ignore' }] },
      ],
      ['PATCH', `/api/bulk-sends/${id}/rows/2`, { cells: ['a', 'b', 'c'] }],
      ['DELETE', `/api/bulk-sends/${id}/rows/2`],
      ['POST', `/api/bulk-sends/${id}/send`],
      ['POST', `/api/bulk-sends/${id}/stop`],
      ['POST', `/api/bulk-sends/${id}/retry`],
      ['DELETE', `/api/bulk-sends/${id}`],
    ];
    for (const [method, url, json] of changes) {
      const response = await withToken(token, method, url, json);
      expect([method, url, response.statusCode]).toEqual([method, url, 403]);
    }
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/templates/${templateId}/bulk-sends`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      payload: csv(1),
    });
    expect(uploaded.statusCode).toBe(403);
    expect(await stateOf(id)).toEqual(before);
    expect((await batchesOf(owner)).length).toBeGreaterThan(0);
    const read = await withToken(token, 'GET', `/api/bulk-sends/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect((await withToken(token, 'GET', `/api/bulk-sends/${id}/rows`)).statusCode).toBe(200);
    expect((await withToken(token, 'GET', `/api/templates/${templateId}/bulk-sample`)).statusCode).toBe(200);
  });

  it("lets a read-write token send JSON rows, as the API's bulk send is for integrations", async () => {
    const account = await buildAccount(ctx);
    const templateId = await template(account);
    const token = await tokenOf(account, 'read-write');
    const created = await withToken(token, 'POST', '/api/bulk-sends', {
      templateId,
      rows: [validRow(4), validRow(5)],
      send: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    await background.drain();
    const done = await withToken(token, 'GET', `/api/bulk-sends/${created.json().id}`);
    expect(done.json()).toMatchObject({ status: 'done', counts: { sent: 2 } });
    // Another organization's batch stays out of the token's reach too.
    const { id } = await batchOf(owner);
    expect((await withToken(token, 'GET', `/api/bulk-sends/${id}`)).statusCode).toBe(404);
    expect((await withToken(token, 'POST', `/api/bulk-sends/${id}/send`)).statusCode).toBe(404);
  });

  it('shows a mapping onto roles, merge fields or placed fields the template lacks as a problem, and sends nothing', async () => {
    const { id } = await batchOf(owner, 1);
    const other = await batchOf(outsider, 1);
    const hostile = [
      [
        { kind: 'roleName', role: 9 },
        { kind: 'roleEmail', role: 9 },
        { kind: 'field', key: 'company' },
      ],
      [
        { kind: 'roleName', role: 1 },
        { kind: 'roleEmail', role: 1 },
        { kind: 'field', key: '__proto__' },
      ],
      [
        { kind: 'roleName', role: 1 },
        { kind: 'roleEmail', role: 1 },
        { kind: 'field', key: 'constructor' },
      ],
      [
        { kind: 'roleName', role: 1 },
        { kind: 'roleEmail', role: 1 },
        { kind: 'prefill', field: other.templateId },
      ],
    ];
    for (const mapping of hostile) {
      const set = await call(ctx, owner, {
        method: 'PUT',
        url: `/api/bulk-sends/${id}/mapping`,
        json: { mapping },
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().problems.count).toBeGreaterThan(0);
      const sent = await call(ctx, owner, { method: 'POST', url: `/api/bulk-sends/${id}/send` });
      expect([JSON.stringify(mapping), sent.statusCode]).toEqual([JSON.stringify(mapping), 409]);
    }
    const wrongCount = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/bulk-sends/${id}/mapping`,
      json: { mapping: [{ kind: 'ignore' }] },
    });
    expect(wrongCount.statusCode).toBe(400);
    const state = await stateOf(id);
    expect(state.status).toBe('checking');
    expect(state.rows.map((row) => row.status)).toEqual(['ready']);
  });

  it('never lets a column replace a recipient or a value the template fixes: such a mapping is a problem, and the JSON rows are refused', async () => {
    const account = await buildAccount(ctx);
    const created = await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Guaranteed waiver',
        isTemplate: true,
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Waiver for ' },
                field('company', 'Company'),
                { type: 'text', text: ' guaranteed by ' },
                {
                  type: 'mergeField',
                  attrs: { key: 'guarantor', label: 'Guarantor', value: 'ACME Holdings' },
                },
              ],
            },
          ],
        },
        signers: [
          { name: 'Visitor', email: 'role-1@template.invalid', role: 'signer' },
          { name: 'Fixed Guarantor', email: 'guarantor@company.example', role: 'signer' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const templateId = created.json().id as string;
    const body = Buffer.from(
      'Visitor name,Visitor email,Company,Guarantor name,Guarantor email,Guarantor,constructor\n' +
        'Vic,vic@example.com,Vic Co,Mallory,mallory@evil.example,Mallory Ltd,x\n',
    );
    const id = (await upload(account, templateId, body)).json().id as string;
    const base = [
      { kind: 'roleName', role: 1 },
      { kind: 'roleEmail', role: 1 },
      { kind: 'field', key: 'company' },
    ];
    const ignore = { kind: 'ignore' };
    const hostile = [
      [...base, { kind: 'roleName', role: 2 }, { kind: 'roleEmail', role: 2 }, ignore, ignore],
      [...base, ignore, ignore, { kind: 'field', key: 'guarantor' }, ignore],
      [...base, ignore, ignore, ignore, { kind: 'field', key: 'constructor' }],
      [...base, { kind: 'roleName', role: 7 }, { kind: 'roleEmail', role: 7 }, ignore, ignore],
    ];
    for (const mapping of hostile) {
      const set = await call(ctx, account, {
        method: 'PUT',
        url: `/api/bulk-sends/${id}/mapping`,
        json: { mapping },
      });
      expect(set.statusCode, set.body).toBe(200);
      expect([JSON.stringify(mapping), set.json().problems.mapping.length]).toEqual([
        JSON.stringify(mapping),
        expect.any(Number),
      ]);
      expect(set.json().problems.mapping.length).toBeGreaterThan(0);
      const sent = await call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${id}/send` });
      expect([JSON.stringify(mapping), sent.statusCode]).toEqual([JSON.stringify(mapping), 409]);
    }
    const state = await stateOf(id);
    expect(state.status).toBe('checking');
    expect(state.contracts).toBe(0);
    // The same through JSON rows: refused, nothing kept.
    const json = await call(ctx, account, {
      method: 'POST',
      url: '/api/bulk-sends',
      json: {
        templateId,
        send: true,
        rows: [
          {
            people: [
              { number: 1, name: 'Vic', email: 'vic@example.com' },
              { number: 2, name: 'Mallory', email: 'mallory@evil.example' },
            ],
            values: { company: 'Vic Co' },
          },
        ],
      },
    });
    expect(json.statusCode).toBe(400);
    // With the fixed columns left out it goes, to the template's own guarantor.
    await call(ctx, account, {
      method: 'PUT',
      url: `/api/bulk-sends/${id}/mapping`,
      json: { mapping: [...base, ignore, ignore, ignore, ignore] },
    });
    expect((await call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${id}/send` })).statusCode).toBe(
      200,
    );
    const [row] = (await stateOf(id)).rows;
    const contract = (
      await call(ctx, account, { method: 'GET', url: `/api/contracts/${row?.contractId}` })
    ).json();
    expect(contract.signers.map((signer: { email: string }) => signer.email)).toEqual([
      'vic@example.com',
      'guarantor@company.example',
    ]);
  });

  it('refuses JSON keys that would reach an object prototype, and values for merge fields the template lacks', async () => {
    const templateId = await template(outsider);
    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      const response = await call(ctx, outsider, {
        method: 'POST',
        url: '/api/bulk-sends',
        json: { templateId, rows: [{ ...validRow(6), values: { company: 'Co', [key]: 'x' } }], send: true },
      });
      expect([key, response.statusCode]).toEqual([key, 400]);
    }
    const proto = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-sends',
      headers: { cookie: outsider.cookie, 'content-type': 'application/json' },
      payload: `{"templateId":"${templateId}","send":true,"rows":[{"people":[{"number":1,"name":"P","email":"p@example.com"}],"values":{"company":"Co","__proto__":{"polluted":"yes"}}}]}`,
    });
    expect(proto.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await batchesOf(outsider)).toHaveLength(1); // the one made for the mapping test above
  });

  it('refuses cells too long, more cells than headers, and rows out of range, changing nothing', async () => {
    const { id } = await batchOf(owner, 2);
    const before = await stateOf(id);
    const cases: [string, unknown, number][] = [
      ['2', { cells: ['x'.repeat(10_001), 'a@example.com', 'Co'] }, 400],
      ['2', { cells: ['a', 'a@example.com', 'Co', 'extra'] }, 400],
      ['2', { cells: Array.from({ length: 101 }, () => 'x') }, 400],
      ['1', { cells: ['a', 'a@example.com', 'Co'] }, 400],
      ['0', { cells: ['a', 'a@example.com', 'Co'] }, 400],
      ['-2', { cells: ['a', 'a@example.com', 'Co'] }, 400],
      ['1000001', { cells: ['a', 'a@example.com', 'Co'] }, 400],
      ['2.5', { cells: ['a', 'a@example.com', 'Co'] }, 400],
      ['99', { cells: ['a', 'a@example.com', 'Co'] }, 404],
      ['2', { cells: [1, 2, 3] }, 400],
    ];
    for (const [row, json, status] of cases) {
      const response = await call(ctx, owner, {
        method: 'PATCH',
        url: `/api/bulk-sends/${id}/rows/${row}`,
        json,
      });
      expect([row, response.statusCode]).toEqual([row, status]);
    }
    for (const row of ['1', '99', '1e9']) {
      const removed = await call(ctx, owner, { method: 'DELETE', url: `/api/bulk-sends/${id}/rows/${row}` });
      expect([row, removed.statusCode]).toEqual([row, row === '99' ? 404 : 400]);
      const preview = await call(ctx, owner, {
        method: 'GET',
        url: `/api/bulk-sends/${id}/rows/${row}/preview`,
      });
      expect([row, preview.statusCode]).toEqual([row, row === '99' ? 404 : 400]);
    }
    expect(await stateOf(id)).toEqual(before);
  });

  it('refuses tampered cursors clearly, never with a server error', async () => {
    const { id } = await batchOf(owner, 3);
    for (const cursor of ['-1', '0', 'abc', '1.5', '99999999999', '1e400', '__proto__', '']) {
      const rows = await call(ctx, owner, {
        method: 'GET',
        url: `/api/bulk-sends/${id}/rows?cursor=${encodeURIComponent(cursor)}&limit=1`,
      });
      expect([cursor, rows.statusCode < 500]).toEqual([cursor, true]);
      if (rows.statusCode === 200) expect(rows.json().items.length).toBeLessThanOrEqual(1);
    }
    for (const cursor of [
      'x',
      `2020-01-01T00:00:00.000Z_${'0'.repeat(36)}`,
      `not-a-date_${id}`,
      `${new Date().toISOString()}_${id}'--`,
    ]) {
      const list = await call(ctx, owner, {
        method: 'GET',
        url: `/api/bulk-sends?cursor=${encodeURIComponent(cursor)}`,
      });
      expect([cursor, list.statusCode < 500]).toEqual([cursor, true]);
    }
    // Another organization's batch as a cursor shows nothing of it.
    const theirs = await batchOf(outsider, 1);
    const [row] = await db.select().from(bulkSends).where(eq(bulkSends.id, theirs.id));
    const peek = await call(ctx, owner, {
      method: 'GET',
      url: `/api/bulk-sends?cursor=${encodeURIComponent(`${new Date(Date.now() + 60_000).toISOString()}_${row?.id}`)}`,
    });
    expect(peek.statusCode).toBe(200);
    expect(peek.body).not.toContain(theirs.id);
  });

  it('writes every cell of the problems and sample files as text, and a hostile file name as a safe header', async () => {
    const hostileTitle = '=HYPERLINK("http://evil.example")\r\n"; filename=evil.exe [Company]';
    const templateId = await template(owner, hostileTitle);
    const body = Buffer.from(
      [
        'Visitor name,Visitor email,=Company',
        '=1+1,bad,+cmd',
        '-2+3,also-bad,@SUM(A1)',
        '"\t=tab",x,"\r=cr"',
      ].join('\n'),
    );
    const uploaded = await upload(
      owner,
      templateId,
      body,
      `fileName=${encodeURIComponent('a"\r\nSet-Cookie: x=1;.csv')}`,
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().id as string;
    const problems = await call(ctx, owner, { method: 'GET', url: `/api/bulk-sends/${id}/problems` });
    expect(problems.statusCode).toBe(200);
    expect(problems.headers['set-cookie']).toBeUndefined();
    const disposition = String(problems.headers['content-disposition']);
    expect(disposition).not.toMatch(/[\r\n\0]/);
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[^\s";]*$/);
    const cells = problems.body
      .replace(/^\uFEFF/, '')
      .split(/,|\r\n/)
      .map((cell) => cell.replace(/^"|"$/g, ''));
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(problems.body).toContain("'=1+1");
    expect(problems.body).toContain("'=Company");

    const sample = await call(ctx, owner, { method: 'GET', url: `/api/templates/${templateId}/bulk-sample` });
    expect(sample.statusCode).toBe(200);
    const sampleName = String(sample.headers['content-disposition']);
    expect(sampleName).not.toMatch(/[\r\n\0]/);
    expect(sampleName).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[^\s";]*$/);
    for (const cell of sample.body.replace(/^\uFEFF/, '').split(/,|\r\n/)) {
      expect(cell.replace(/^"|"$/g, '')).not.toMatch(/^[=+\-@\t\r]/);
    }
    // The preview's file name, from the template's title, is as safe.
    await call(ctx, owner, { method: 'DELETE', url: `/api/bulk-sends/${id}` });
  });

  it('reads one spreadsheet per person at a time: parallel uploads are each stored or refused with 429, none half-made', async () => {
    const account = await buildAccount(ctx);
    const templateId = await template(account);
    const answers = await Promise.all(Array.from({ length: 12 }, () => upload(account, templateId, csv(50))));
    const statuses = answers.map((answer) => answer.statusCode);
    for (const status of statuses) expect([201, 429]).toContain(status);
    const stored = await batchesOf(account);
    expect(stored).toHaveLength(statuses.filter((status) => status === 201).length);
    for (const batch of stored) {
      const rows = await db
        .select({ id: bulkSendRows.id })
        .from(bulkSendRows)
        .where(eq(bulkSendRows.bulkSendId, batch.id));
      expect(rows).toHaveLength(50);
    }
  });

  it('sends a batch exactly once when confirmed, stopped and retried many times at once', async () => {
    const account = await buildAccount(ctx);
    const templateId = await template(account);
    const uploaded = await upload(account, templateId, csv(5));
    const id = uploaded.json().id as string;
    const sends = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${id}/send` }),
      ),
    );
    for (const sent of sends) expect(sent.statusCode, sent.body).toBe(200);
    const queued = await db.select().from(jobs).where(eq(jobs.type, 'send-bulk-row'));
    const rows = await db
      .select({ id: bulkSendRows.id })
      .from(bulkSendRows)
      .where(eq(bulkSendRows.bulkSendId, id));
    const mine = queued.filter((job) => rows.some((row) => JSON.stringify(job.payload).includes(row.id)));
    expect(mine).toHaveLength(5);
    const retries = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${id}/retry` }),
      ),
    );
    for (const retry of retries) expect(retry.statusCode).toBe(200);
    const state = await stateOf(id);
    expect(state.status).toBe('done');
    expect(state.rows.map((row) => [row.status, row.queuings])).toEqual(
      Array.from({ length: 5 }, () => ['sent', 1]),
    );
    expect(state.contracts).toBe(5);
    const stops = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${id}/stop` }),
      ),
    );
    for (const stop of stops) expect(stop.statusCode).toBe(409);
    expect((await call(ctx, account, { method: 'DELETE', url: `/api/bulk-sends/${id}` })).statusCode).toBe(
      409,
    );
    expect(await stateOf(id)).toEqual(state);
  });

  it('sends each row as it stood when sent, while cells are corrected and rows removed at the same moment', async () => {
    const account = await buildAccount(ctx);
    const templateId = await template(account);
    const id = (await upload(account, templateId, csv(4))).json().id as string;
    const [send, patch, remove] = await Promise.all([
      call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${id}/send` }),
      call(ctx, account, {
        method: 'PATCH',
        url: `/api/bulk-sends/${id}/rows/2`,
        json: { cells: ['Late Fix', 'late-fix@example.com', 'Late Co'] },
      }),
      call(ctx, account, { method: 'DELETE', url: `/api/bulk-sends/${id}/rows/3` }),
    ]);
    expect(send.statusCode, send.body).toBe(200);
    for (const change of [patch, remove]) expect([200, 409]).toContain(change.statusCode);
    const state = await stateOf(id);
    expect(state.status).toBe('done');
    expect(state.rowCount).toBe(state.rows.length);
    expect(state.rows.length).toBe(remove.statusCode === 200 ? 3 : 4);
    for (const row of state.rows) {
      expect(row.status).toBe('sent');
      const contract = (
        await call(ctx, account, { method: 'GET', url: `/api/contracts/${row.contractId}` })
      ).json();
      expect(contract.signers[0].email).toBe(row.cells[1]);
    }
  });

  it('keeps a row when the last two are removed at once', async () => {
    const account = await buildAccount(ctx);
    const templateId = await template(account);
    const id = (await upload(account, templateId, csv(2))).json().id as string;
    const answers = await Promise.all(
      [2, 3].map((row) => call(ctx, account, { method: 'DELETE', url: `/api/bulk-sends/${id}/rows/${row}` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const state = await stateOf(id);
    expect(state.rows).toHaveLength(1);
    expect(state.rowCount).toBe(1);
  });

  it('stops a batch once when stopped twice at once, and a stopped batch sends nothing more', async () => {
    const account = await buildAccount(ctx);
    const templateId = await template(account);
    const id = (await upload(account, templateId, csv(4))).json().id as string;
    expect((await call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${id}/send` })).statusCode).toBe(
      200,
    );
    const stops = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${id}/stop` }),
      ),
    );
    expect(stops.map((stop) => stop.statusCode).sort()).toEqual([200, 409, 409]);
    const state = await stateOf(id);
    expect(state.status).toBe('stopped');
    expect(state.rows.every((row) => row.status === 'stopped')).toBe(true);
    expect(state.contracts).toBe(0);
    // Retry finds no failed row: nothing goes back to sending.
    const retried = await call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${id}/retry` });
    expect(retried.json().status).toBe('stopped');
    expect(await stateOf(id)).toEqual(state);
  });

  it("never counts another organization's contract, made first with a row's id, as the row's", async () => {
    const { id } = await batchOf(owner, 1);
    // The row's id is its contract's future id (its preview shows it as the reference).
    const [row] = await db
      .select({ id: bulkSendRows.id })
      .from(bulkSendRows)
      .where(eq(bulkSendRows.bulkSendId, id));
    const rowId = row?.id as string;
    const theirTemplate = await template(outsider);
    const squatted = await call(ctx, outsider, {
      method: 'POST',
      url: `/api/templates/${theirTemplate}/contracts`,
      json: {
        id: rowId,
        people: [{ number: 1, name: 'Decoy', email: 'decoy@evil.example' }],
        values: { company: 'Decoy Co' },
      },
    });
    expect(squatted.statusCode, squatted.body).toBe(201);
    const sentDecoy = await call(ctx, outsider, {
      method: 'POST',
      url: `/api/contracts/${rowId}/send`,
      json: {},
    });
    expect(sentDecoy.statusCode, sentDecoy.body).toBe(200);
    const [before] = await db
      .select({ organizationId: contracts.organizationId, status: contracts.status, title: contracts.title })
      .from(contracts)
      .where(eq(contracts.id, rowId));

    expect((await call(ctx, owner, { method: 'POST', url: `/api/bulk-sends/${id}/send` })).statusCode).toBe(
      200,
    );
    const state = await stateOf(id);
    expect(state.rows.map((entry) => [entry.status, entry.contractId])).toEqual([['failed', null]]);
    const rows = (await call(ctx, owner, { method: 'GET', url: `/api/bulk-sends/${id}/rows` })).json().items;
    expect(rows[0].error).toContain('already in use');
    const [after] = await db
      .select({ organizationId: contracts.organizationId, status: contracts.status, title: contracts.title })
      .from(contracts)
      .where(eq(contracts.id, rowId));
    expect(after).toEqual(before);
    expect(after?.organizationId).toBe(outsider.organizationId);
  });

  it('fails the rows of a batch whose maker left the organization, sending nothing as them', async () => {
    const admin = await buildAccount(ctx);
    const member = await buildMember(ctx, admin);
    const templateId = await template(admin);
    const id = (await upload(member, templateId, csv(2))).json().id as string;
    const removed = await call(ctx, admin, { method: 'DELETE', url: `/api/team/members/${member.userId}` });
    expect(removed.statusCode, removed.body).toBe(204);
    // The member's session no longer reaches the batch.
    expect(
      (await call(ctx, member, { method: 'POST', url: `/api/bulk-sends/${id}/send` })).statusCode,
    ).not.toBe(200);
    const sent = await call(ctx, admin, { method: 'POST', url: `/api/bulk-sends/${id}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    const state = await stateOf(id);
    expect(state.status).toBe('done');
    expect(state.rows.map((row) => row.status)).toEqual(['failed', 'failed']);
    expect(state.contracts).toBe(0);
    const rows = (await call(ctx, admin, { method: 'GET', url: `/api/bulk-sends/${id}/rows` })).json().items;
    expect(rows[0].error).toContain('no longer a member');
  });

  it('fails the queued rows of a batch whose template is deleted mid-send, and refuses to send a batch without it', async () => {
    const account = await buildAccount(ctx);
    const templateId = await template(account);
    const id = (await upload(account, templateId, csv(3))).json().id as string;
    const waiting = (await upload(account, templateId, csv(1))).json().id as string;
    expect((await call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${id}/send` })).statusCode).toBe(
      200,
    );
    const deleted = await call(ctx, account, { method: 'DELETE', url: `/api/contracts/${templateId}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const state = await stateOf(id);
    expect(state.status).toBe('done');
    expect(state.rows.map((row) => row.status)).toEqual(['failed', 'failed', 'failed']);
    expect(state.contracts).toBe(0);
    const before = await stateOf(waiting);
    const refused = await call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${waiting}/send` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('template of this bulk send was deleted');
    const preview = await call(ctx, account, {
      method: 'GET',
      url: `/api/bulk-sends/${waiting}/rows/2/preview`,
    });
    expect(preview.statusCode).toBe(409);
    expect(await stateOf(waiting)).toEqual(before);
  });

  it("lets any member of the organization work on its batches, as on its contracts, and no member of another's", async () => {
    const admin = await buildAccount(ctx);
    const member = await buildMember(ctx, admin);
    const templateId = await template(admin);
    const id = (await upload(admin, templateId, csv(1))).json().id as string;
    const fixed = await call(ctx, member, {
      method: 'PATCH',
      url: `/api/bulk-sends/${id}/rows/2`,
      json: { cells: ['Fixed Person', 'fixed@example.com', 'Fixed Co'] },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const outsiderMember = await buildMember(ctx, outsider);
    expect(
      (await call(ctx, outsiderMember, { method: 'GET', url: `/api/bulk-sends/${id}` })).statusCode,
    ).toBe(404);
  });
});
