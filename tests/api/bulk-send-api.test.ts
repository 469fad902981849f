import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bulkSendRows, jobs } from '../../src/server/db/schema';
import { claimJobs } from '../../src/server/queue/job-queue';
import {
  consumeOutgoingMail,
  outgoingMailLimits,
} from '../../src/server/services/rate-limits/outgoing-mail-limits';
import { spreadsheetMediaTypes } from '../../src/shared/spreadsheet-file';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { buildAccount, call, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const { peer, background } = await withMail(ctx);
const owner = await buildAccount(ctx);

const field = (key: string, label: string) => ({ type: 'mergeField', attrs: { key, label, value: null } });

/** A waiver: a role (Visitor) for each contract and one merge field (Company). */
async function waiverTemplate(account: TestAccount) {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title: 'Waiver — [Company]',
      isTemplate: true,
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Visitor of ' }, field('company', 'Company')],
          },
        ],
      },
      signers: [{ name: 'Visitor', email: 'role-1@template.invalid', role: 'signer' }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

const upload = (account: TestAccount, templateId: string, payload: Buffer | Uint8Array, type: string) =>
  call(ctx, account, {
    method: 'POST',
    url: `/api/templates/${templateId}/bulk-sends?fileName=rows`,
    headers: { 'content-type': type },
    payload: Buffer.from(payload),
  });

const rows = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => ({
    people: [{ number: 1, name: `Visitor ${index + 1}`, email: `${prefix}-${index + 1}@example.com` }],
    values: { company: `Company ${index + 1}` },
  }));

describe('a bulk send refuses what it cannot take, naming the bound, and keeps nothing of it', () => {
  it('a 50 MB file before reading it, 100,000 rows, an .xlsx zip bomb, an old .xls, a wrong media type', async () => {
    const owner = await buildAccount(ctx);
    const template = await waiverTemplate(owner);
    const big = await upload(owner, template, Buffer.alloc(50 * 1024 * 1024, 'a,b\n'), 'text/csv');
    expect(big.statusCode).toBe(413);

    const many = await upload(
      owner,
      template,
      Buffer.from(`Visitor name,Visitor email,Company\n${'Anna,a@example.com,Acme\n'.repeat(100_000)}`),
      'text/csv',
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().error.message).toContain('at most 5,000');

    const bomb = zipSync(
      {
        '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
        'xl/workbook.xml': new TextEncoder().encode('<workbook/>'),
        'xl/worksheets/sheet1.xml': new Uint8Array(200 * 1024 * 1024).fill(0x20),
      },
      { level: 9 },
    );
    const bombed = await upload(owner, template, bomb, spreadsheetMediaTypes.xlsx);
    expect(bombed.statusCode).toBe(413);
    expect(bombed.json().error.message).toContain('more than 64 MB when unpacked');

    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(2048),
    ]);
    const old = await upload(owner, template, xls, spreadsheetMediaTypes.xlsx);
    expect(old.statusCode).toBe(415);
    expect(old.json().error.message).toContain('Save it as .xlsx or CSV');

    const wrongType = await upload(owner, template, Buffer.from('a,b\n1,2\n'), 'application/pdf');
    expect(wrongType.statusCode).toBe(415);

    const list = (await call(ctx, owner, { method: 'GET', url: '/api/bulk-sends' })).json();
    expect(list.items).toEqual([]);
  }, 120_000);

  it('keeps a formula in a cell as text: in the contract and in the problems file, never as a formula', async () => {
    const template = await waiverTemplate(owner);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Rows');
    sheet.addRow(['Visitor name', 'Visitor email', 'Company']);
    sheet.addRow(["=cmd|' /C calc'!A0", 'not-an-address', "@SUM(1+1)*cmd|' /C calc'!A0"]);
    sheet.addRow(['+Anna', 'anna@example.com', '-2+3']);
    const uploaded = await upload(
      owner,
      template,
      new Uint8Array(await workbook.xlsx.writeBuffer()),
      spreadsheetMediaTypes.xlsx,
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const batch = uploaded.json();
    const problems = await call(ctx, owner, { method: 'GET', url: `/api/bulk-sends/${batch.id}/problems` });
    const lines = problems.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Row,Visitor name,Visitor email,Company,Problems');
    // Each cell that a spreadsheet would run starts with an apostrophe.
    expect(lines[1]).toBe(
      `2,'=cmd|' /C calc'!A0,not-an-address,'@SUM(1+1)*cmd|' /C calc'!A0,"Visitor email: Visitor's e-mail address ""not-an-address"" is not an e-mail address"`,
    );
    await call(ctx, owner, { method: 'DELETE', url: `/api/bulk-sends/${batch.id}/rows/2` });
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/bulk-sends/${batch.id}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    await background.drain();
    const [row] = (await call(ctx, owner, { method: 'GET', url: `/api/bulk-sends/${batch.id}/rows` })).json()
      .items;
    const contract = (
      await call(ctx, owner, { method: 'GET', url: `/api/contracts/${row.contractId}` })
    ).json();
    expect(contract.title).toBe('Waiver — -2+3');
    expect(contract.signers[0].name).toBe('+Anna');
  });
});

describe('bulk send through the API', () => {
  it('sends JSON rows at once, or refuses them with the first problem and keeps nothing', async () => {
    const owner = await buildAccount(ctx);
    const template = await waiverTemplate(owner);
    const bad = rows(3, 'json-bad');
    bad[1] = { people: [{ number: 1, name: 'Bo', email: 'bo@example.com' }], values: { company: '' } };
    const refused = await call(ctx, owner, {
      method: 'POST',
      url: '/api/bulk-sends',
      json: { templateId: template, rows: bad, send: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ message: 'Row 2: Company is empty', field: 'rows.1' });
    const unknownKey = await call(ctx, owner, {
      method: 'POST',
      url: '/api/bulk-sends',
      json: { templateId: template, rows: [{ people: [], values: { salary: '1' } }] },
    });
    expect(unknownKey.json().error.message).toContain('no empty merge field "salary"');
    expect((await call(ctx, owner, { method: 'GET', url: '/api/bulk-sends' })).json().items).toEqual([]);

    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/bulk-sends',
      json: { templateId: template, rows: rows(3, 'json'), send: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'sending',
      source: 'api',
      rowCount: 3,
      counts: { queued: 3 },
    });
    await background.drain();
    const done = (
      await call(ctx, owner, { method: 'GET', url: `/api/bulk-sends/${created.json().id}` })
    ).json();
    expect(done).toMatchObject({ status: 'done', counts: { sent: 3 } });
    expect(peer.to('json-2@example.com')).toHaveLength(1);
  });

  it('refuses every change to read-only tokens, and a row whose values make the title too long', async () => {
    const owner = await buildAccount(ctx);
    const template = await waiverTemplate(owner);
    const token = (
      await call(ctx, owner, {
        method: 'POST',
        url: '/api/api-tokens',
        json: { name: 'read', scope: 'read' },
      })
    ).json().token;
    const readOnly = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-sends',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ templateId: template, rows: rows(1, 'read'), send: true }),
    });
    expect(readOnly.statusCode).toBe(403);
    const long = (
      await call(ctx, owner, {
        method: 'POST',
        url: '/api/bulk-sends',
        json: {
          templateId: template,
          rows: [
            {
              people: [{ number: 1, name: 'Lo', email: 'lo@example.com' }],
              values: { company: 'x'.repeat(300) },
            },
          ],
          send: true,
        },
      })
    ).json();
    await background.drain();
    const [row] = (await call(ctx, owner, { method: 'GET', url: `/api/bulk-sends/${long.id}/rows` })).json()
      .items;
    expect(row).toMatchObject({ status: 'failed', contractId: null });
    expect(row.error).toContain('the title would be 309 characters long; a title may be at most 200');
  });

  it('keeps at most 20 unsent batches an organization, however they come', async () => {
    const owner = await buildAccount(ctx);
    const template = await waiverTemplate(owner);
    const start = () =>
      call(ctx, owner, {
        method: 'POST',
        url: '/api/bulk-sends',
        json: { templateId: template, rows: rows(1, 'cap') },
      });
    const answers = await Promise.all(Array.from({ length: 22 }, start));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(20);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json().error.message).toContain('20 bulk sends not sent yet');
    const first = answers.find((answer) => answer.statusCode === 201)?.json();
    await call(ctx, owner, { method: 'DELETE', url: `/api/bulk-sends/${first.id}` });
    expect((await start()).statusCode).toBe(201);
  });

  it('stops the rows not yet sent, and retries failed ones', async () => {
    const template = await waiverTemplate(owner);
    const created = (
      await call(ctx, owner, {
        method: 'POST',
        url: '/api/bulk-sends',
        json: { templateId: template, rows: rows(6, 'stop'), send: true },
      })
    ).json();
    const stopped = await call(ctx, owner, { method: 'POST', url: `/api/bulk-sends/${created.id}/stop` });
    expect(stopped.json()).toMatchObject({ status: 'stopped', counts: { stopped: 6, queued: 0 } });
    await background.drain();
    expect(peer.to('stop-1@example.com')).toHaveLength(0);
    const again = await call(ctx, owner, { method: 'POST', url: `/api/bulk-sends/${created.id}/send` });
    expect(again.json().status).toBe('stopped');

    // A row whose contract cannot go out fails with the reason, and goes out once retried.
    const retried = (
      await call(ctx, owner, {
        method: 'POST',
        url: '/api/bulk-sends',
        json: { templateId: template, rows: rows(2, 'retry'), send: true },
      })
    ).json();
    const [first] = await ctx.database.db
      .select()
      .from(bulkSendRows)
      .where(eq(bulkSendRows.bulkSendId, retried.id));
    await ctx.database.db
      .update(bulkSendRows)
      .set({ status: 'failed', error: 'Failed once' })
      .where(eq(bulkSendRows.id, first?.id ?? ''));
    await background.drain();
    expect(
      (await call(ctx, owner, { method: 'GET', url: `/api/bulk-sends/${retried.id}` })).json(),
    ).toMatchObject({
      status: 'done',
      counts: { sent: 1, failed: 1 },
    });
    const retry = await call(ctx, owner, { method: 'POST', url: `/api/bulk-sends/${retried.id}/retry` });
    expect(retry.json()).toMatchObject({ status: 'sending', counts: { queued: 1 } });
    await background.drain();
    expect(
      (await call(ctx, owner, { method: 'GET', url: `/api/bulk-sends/${retried.id}` })).json(),
    ).toMatchObject({
      status: 'done',
      counts: { sent: 2, failed: 0 },
    });
  });

  it("waits for the organization's sending limit instead of failing the rows past it", async () => {
    const account = await buildAccount(ctx);
    const template = await waiverTemplate(account);
    await consumeOutgoingMail(
      ctx.database.db,
      account.organizationId,
      'signingRecipients',
      outgoingMailLimits.signingRecipients.limit - 1,
    );
    const created = (
      await call(ctx, account, {
        method: 'POST',
        url: '/api/bulk-sends',
        json: { templateId: template, rows: rows(3, 'limit'), send: true },
      })
    ).json();
    await background.drain();
    const waiting = (
      await call(ctx, account, { method: 'GET', url: `/api/bulk-sends/${created.id}` })
    ).json();
    expect(waiting).toMatchObject({ status: 'sending', counts: { sent: 1, queued: 2, failed: 0 } });
    expect(new Date(waiting.waitingUntil).getTime()).toBeGreaterThan(Date.now());
    const held = (
      await call(ctx, account, { method: 'GET', url: `/api/bulk-sends/${created.id}/rows` })
    ).json().items;
    expect(
      held.filter((row: { error: string | null }) => row.error?.includes('1000 signing invitations')),
    ).toHaveLength(2);
  });

  it("gives each organization its share of the bulk lane: another's batch never waits behind a big one", async () => {
    const big = await buildAccount(ctx);
    const small = await buildAccount(ctx);
    const bigTemplate = await waiverTemplate(big);
    const smallTemplate = await waiverTemplate(small);
    await call(ctx, big, {
      method: 'POST',
      url: '/api/bulk-sends',
      json: { templateId: bigTemplate, rows: rows(40, 'big'), send: true },
    });
    await call(ctx, small, {
      method: 'POST',
      url: '/api/bulk-sends',
      json: { templateId: smallTemplate, rows: rows(2, 'small'), send: true },
    });
    const claimed = await claimJobs(ctx.database.db, { workerId: 'fair', lane: 'bulk', limit: 4 });
    const of = (account: TestAccount) =>
      claimed.filter((job) => job.organizationId === account.organizationId);
    expect(of(big)).toHaveLength(2);
    expect(of(small)).toHaveLength(2);
    // Nothing of the batch stands in the default lane, where mail and seals run.
    const defaultLane = await ctx.database.db.select().from(jobs).where(eq(jobs.type, 'send-bulk-row'));
    expect(defaultLane.every((job) => job.lane === 'bulk')).toBe(true);
    await ctx.database.db
      .update(jobs)
      .set({ status: 'queued', lockedAt: null, lockedBy: null })
      .where(eq(jobs.lockedBy, 'fair'));
    await background.drain();
  });

  it("prefills fields placed on the template's PDFs from columns named as the fields are", async () => {
    const account = await buildAccount(ctx);
    const uploaded = await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=supplier-terms.pdf&template=true',
      payload: pdfFixture('libreoffice-agreement.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const template = uploaded.json();
    const fileId = template.files[0].id;
    const box = { x: 0.1, y: 0.8, width: 0.3, height: 0.05 };
    const saved = await call(ctx, account, {
      method: 'PATCH',
      url: `/api/contracts/${template.id}`,
      json: { signers: [{ name: 'Supplier', email: 'role-1@template.invalid' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const fields = await call(ctx, account, {
      method: 'PUT',
      url: `/api/contracts/${template.id}/fields`,
      json: {
        fields: [
          { fileId, page: 0, ...box, type: 'text', signer: 1, label: 'Supplier number' },
          { fileId, page: 0, ...box, y: 0.7, type: 'date', signer: 1, label: 'Delivery date' },
          { fileId, page: 0, ...box, y: 0.6, type: 'signature', signer: 1, label: 'Signature' },
        ],
      },
    });
    expect(fields.statusCode, fields.body).toBe(200);
    const csv =
      'Supplier name;Supplier email;Supplier number;Delivery date\r\nIrena Nowak;irena@example.pl;SUP-0042;2027-03-01\r\nJan Kowal;jan@example.pl;;01/03/2027\r\n';
    const batch = (await upload(account, template.id, Buffer.from(csv), 'text/csv')).json();
    expect(batch.mapping).toEqual([
      { kind: 'roleName', role: 1 },
      { kind: 'roleEmail', role: 1 },
      { kind: 'prefill', field: expect.any(String) },
      { kind: 'prefill', field: expect.any(String) },
    ]);
    // The signature fills itself: no column can prefill it.
    expect(batch.template.prefills.map((field: { label: string }) => field.label).sort()).toEqual([
      'Delivery date',
      'Supplier number',
    ]);
    const problems = (
      await call(ctx, account, { method: 'GET', url: `/api/bulk-sends/${batch.id}/rows?show=problems` })
    ).json();
    expect(problems.items).toEqual([
      expect.objectContaining({
        row: 3,
        problems: [expect.objectContaining({ message: 'Delivery date: a date is written YYYY-MM-DD' })],
      }),
    ]);
    await call(ctx, account, {
      method: 'PATCH',
      url: `/api/bulk-sends/${batch.id}/rows/3`,
      json: { cells: ['Jan Kowal', 'jan@example.pl', '', '2027-03-01'] },
    });
    expect(
      (await call(ctx, account, { method: 'POST', url: `/api/bulk-sends/${batch.id}/send` })).statusCode,
    ).toBe(200);
    await background.drain();
    const rows = (await call(ctx, account, { method: 'GET', url: `/api/bulk-sends/${batch.id}/rows` })).json()
      .items;
    const values = async (contractId: string) =>
      (await call(ctx, account, { method: 'GET', url: `/api/contracts/${contractId}` }))
        .json()
        .fields.filter((field: { label: string }) => field.label !== '')
        .map((field: { label: string; value: string | null }) => [field.label, field.value]);
    expect((await values(rows[0].contractId)).sort()).toEqual([
      ['Delivery date', '2027-03-01'],
      ['Signature', null],
      ['Supplier number', 'SUP-0042'],
    ]);
    expect((await values(rows[1].contractId)).sort()).toEqual([
      ['Delivery date', '2027-03-01'],
      ['Signature', null],
      ['Supplier number', null],
    ]);
  });
});
