import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../src/server/clock';
import { contracts, signers } from '../../src/server/db/schema';
import type {
  CycleTimeReport,
  PipelineReport,
  RenewalsReport,
  SignerResponseReport,
  ValueReport,
} from '../../src/shared/api/reports';
import { type ReportTableName, reportTables } from '../../src/shared/reports/report-tables';
import { addDays, dayOf } from '../../src/shared/terms';
import { withMail } from '../support/background';
import { bringTo, signEveryone } from '../support/contract-factory';
import { buildAccount, call, sampleDocument, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const { background } = await withMail(ctx);
const admin = await buildAccount(ctx);
const stranger = await buildAccount(ctx);
const hourMs = 3_600_000;
afterAll(() => resetClock());

async function create(account: TestAccount, title: string, projectId?: string): Promise<string> {
  const project = projectId ?? (account === admin ? general : undefined);
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title,
      content: sampleDocument(`${title}: the parties agree.`),
      ...(project ? { projectId: project } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function setTerms(account: TestAccount, id: string, json: Record<string, unknown>) {
  const response = await call(ctx, account, { method: 'PATCH', url: `/api/contracts/${id}/terms`, json });
  expect(response.statusCode, response.body).toBe(200);
}

async function addType(account: TestAccount, name: string): Promise<string> {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/term-settings/types',
    json: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (
    (response.json().types as { id: string; name: string }[]).find((type) => type.name === name)?.id ?? ''
  );
}

/** Sent now, signed `hours` later (the clock moved on for the signature, then back). */
async function sendAndSign(account: TestAccount, id: string, hours: number) {
  await bringTo(ctx, account, id, 'sent');
  advanceClock(hours * hourMs);
  await signEveryone(ctx, id);
  resetClock();
}

const today = dayOf(new Date());
// Signatures are dated up to two days ahead (the moved clock): the range reaches past them.
const range = { from: addDays(today, -400), to: addDays(today, 7) };
const qs = (extra: Record<string, string> = {}) => new URLSearchParams({ ...range, ...extra }).toString();

async function report<T>(account: TestAccount, name: string, extra: Record<string, string> = {}): Promise<T> {
  const response = await call(ctx, account, { method: 'GET', url: `/api/reports/${name}?${qs(extra)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

async function csvOf(account: TestAccount, table: ReportTableName, extra: Record<string, string> = {}) {
  const response = await call(ctx, account, { method: 'GET', url: `/api/reports/${table}/csv?${qs(extra)}` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(response.rawPayload.toString('utf8').slice(1), { relax_column_count: false }) as string[][];
}

/** PostgreSQL's percentile_cont: linear between the two nearest ranks. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (at - low);
}
const oneDecimal = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
const monthOf = (at: Date) => at.toISOString().slice(0, 7);

// The organization's contracts: drafts (two made "last month" and earlier), sent, signed at
// different speeds, canceled; terms with values in two currencies; renewals around the window.
const nda = await addType(admin, 'NDA');
const supply = await addType(admin, 'Supply');
async function addProject(name: string): Promise<string> {
  const response = await call(ctx, admin, { method: 'POST', url: '/api/projects', json: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}
const general = await addProject('General');
const sales = await addProject('Sales');

const oldDraft = await create(admin, 'Old draft');
const olderDraft = await create(admin, 'Older draft');
// Creation times are not steps of a contract's life: moved back so the months differ.
await ctx.database.db
  .update(contracts)
  .set({ createdAt: sql`created_at - interval '40 days'` })
  .where(eq(contracts.id, oldDraft));
await ctx.database.db
  .update(contracts)
  .set({ createdAt: sql`created_at - interval '75 days'` })
  .where(eq(contracts.id, olderDraft));
await create(admin, 'Fresh draft');
const waiting = await create(admin, 'Waiting', sales);
await bringTo(ctx, admin, waiting, 'sent');
const canceled = await create(admin, 'Canceled');
await bringTo(ctx, admin, canceled, 'canceled');

// Twelve EUR counterparties (two of them the same company written differently) and a USD one.
const parties = [
  ['Acme GmbH', 5000],
  ['ACME GMBH', 1000.5],
  ['Birch Ltd', 9000],
  ['Cedar SA', 800],
  ['Dune BV', 700],
  ['Elm AB', 600],
  ['Fir Oy', 500],
  ['Gum AS', 400],
  ['Hazel Kft', 300],
  ['Ivy Srl', 200],
  ['Juniper Sp', 100],
  ['Kelp Inc', 50],
  ['Lime LLC', 25.25],
] as const;
const signedIds: string[] = [];
for (const [index, [company, value]] of parties.entries()) {
  const id = await create(admin, `Supply ${company}`, index === 0 ? sales : undefined);
  await setTerms(admin, id, {
    counterpartyCompany: company,
    value,
    currency: 'EUR',
    typeId: index % 2 === 0 ? supply : nda,
  });
  await sendAndSign(admin, id, 1 + index * 3);
  signedIds.push(id);
}
const dollars = await create(admin, 'Dollar deal');
await setTerms(admin, dollars, { counterpartyCompany: 'Acme GmbH', value: 7000, currency: 'USD' });
await sendAndSign(admin, dollars, 2);
// A counterparty a spreadsheet would run as a formula.
const formula = await create(admin, 'Formula party');
await setTerms(admin, formula, {
  counterpartyCompany: '=HYPERLINK("http://x.test")',
  value: 1,
  currency: 'GBP',
});
await sendAndSign(admin, formula, 3);
const untyped = await create(admin, 'No terms');
await sendAndSign(admin, untyped, 48);

// Renewals: signed and renewing inside the window, a notice inside it without renewal, one
// renewing beyond it, and a draft (never counted).
const renewing = await create(admin, 'Renewing lease');
await setTerms(admin, renewing, {
  counterpartyCompany: 'Landlord AG',
  typeId: supply,
  duration: 'until',
  endOn: addDays(today, 30),
  renewal: 'automatic',
  renewalMonths: 12,
  noticeDays: 10,
  value: 1200,
  currency: 'CHF',
});
await sendAndSign(admin, renewing, 1);
const noticeOnly = await create(admin, 'Ending service');
await setTerms(admin, noticeOnly, { duration: 'until', endOn: addDays(today, 120), noticeDays: 60 });
await sendAndSign(admin, noticeOnly, 1);
const far = await create(admin, 'Far renewal');
await setTerms(admin, far, {
  duration: 'until',
  endOn: addDays(today, 200),
  renewal: 'automatic',
  renewalMonths: 6,
});
await sendAndSign(admin, far, 1);
const draftRenewal = await create(admin, 'Draft renewal');
await setTerms(admin, draftRenewal, {
  duration: 'until',
  endOn: addDays(today, 20),
  renewal: 'automatic',
  renewalMonths: 12,
});
await background.drain();

// Another organization's signed, valued, renewing contract: never in the first one's reports.
const foreign = await create(stranger, 'Foreign deal');
await setTerms(stranger, foreign, {
  counterpartyCompany: 'Acme GmbH',
  value: 99999,
  currency: 'EUR',
  duration: 'until',
  endOn: addDays(today, 10),
  renewal: 'automatic',
  renewalMonths: 12,
});
await sendAndSign(stranger, foreign, 5);

const own = await ctx.database.db
  .select()
  .from(contracts)
  .where(and(eq(contracts.organizationId, admin.organizationId), eq(contracts.isTemplate, false)));
const inRange = (at: Date | null) => at !== null && dayOf(at) >= range.from && dayOf(at) <= range.to;

async function expectCsvMatches(table: ReportTableName, data: unknown, extra: Record<string, string> = {}) {
  const definition = reportTables[table];
  const built = (definition.build as (data: unknown) => { columns: string[]; rows: string[][] })(data);
  // Cell for cell the page's table, but for a cell a spreadsheet would run, kept as text.
  const safe = (row: string[]) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell));
  expect(await csvOf(admin, table, extra)).toEqual([built.columns, ...built.rows].map(safe));
}

describe('reports', () => {
  it('counts contracts created per month by status now, and those sent and signed each month', async () => {
    const pipeline = await report<PipelineReport>(admin, 'pipeline');
    expect(pipeline.from).toBe(range.from);
    const expected = new Map<string, Record<string, number>>();
    const bump = (at: Date | null, key: string) => {
      if (!inRange(at) || !at) return;
      const month = expected.get(monthOf(at)) ?? {};
      month[key] = (month[key] ?? 0) + 1;
      expected.set(monthOf(at), month);
    };
    for (const row of own) {
      bump(row.createdAt, 'created');
      bump(row.createdAt, row.status);
      bump(row.sentAt, 'sentInMonth');
      if (row.status === 'signed') bump(row.completedAt, 'signedInMonth');
    }
    const keys = [
      'created',
      'draft',
      'sent',
      'signed',
      'expired',
      'canceled',
      'sentInMonth',
      'signedInMonth',
    ];
    for (const month of pipeline.months) {
      const want = expected.get(month.month) ?? {};
      for (const key of keys) expect(month[key as 'created'], `${month.month} ${key}`).toBe(want[key] ?? 0);
    }
    expect(pipeline.months.reduce((n, m) => n + m.created, 0)).toBe(own.length);
    expect(pipeline.months.reduce((n, m) => n + m.signed, 0)).toBe(signedIds.length + 6);
    // Every month of the range is listed, empty ones too.
    expect(pipeline.months[0]?.month).toBe(range.from.slice(0, 7));
    expect(pipeline.months.at(-1)?.month).toBe(range.to.slice(0, 7));
    await expectCsvMatches('pipeline', pipeline);
  });

  it('gives the median days from created to sent and from sent to signed, by month and by type', async () => {
    const cycle = await report<CycleTimeReport>(admin, 'cycle-times');
    const terms = await ctx.database.db.execute(
      sql`select contract_id, type_id from contract_terms where organization_id = ${admin.organizationId}::uuid`,
    );
    const typeOf = new Map(
      (terms as unknown as { rows: { contract_id: string; type_id: string | null }[] }).rows.map((r) => [
        r.contract_id,
        r.type_id,
      ]),
    );
    const days = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 86_400_000;
    const toSend = own.filter((c) => c.sentAt && inRange(c.sentAt));
    const toSign = own.filter((c) => c.status === 'signed' && c.completedAt && inRange(c.completedAt));
    for (const month of cycle.months) {
      const sent = toSend.filter((c) => c.sentAt && monthOf(c.sentAt) === month.month);
      const signed = toSign.filter((c) => c.completedAt && monthOf(c.completedAt) === month.month);
      expect(month.sent).toBe(sent.length);
      expect(month.createdToSentDays).toBe(
        oneDecimal(
          percentile(
            sent.map((c) => days(c.createdAt, c.sentAt as Date)),
            0.5,
          ),
        ),
      );
      expect(month.signed).toBe(signed.length);
      expect(month.sentToSignedDays).toBe(
        oneDecimal(
          percentile(
            signed.map((c) => days(c.sentAt as Date, c.completedAt as Date)),
            0.5,
          ),
        ),
      );
    }
    const supplySigned = toSign.filter((c) => typeOf.get(c.id) === supply);
    const supplyRow = cycle.types.find((t) => t.typeId === supply);
    expect(supplyRow).toMatchObject({ type: 'Supply', signed: supplySigned.length });
    expect(supplyRow?.sentToSignedDays).toBe(
      oneDecimal(
        percentile(
          supplySigned.map((c) => days(c.sentAt as Date, c.completedAt as Date)),
          0.5,
        ),
      ),
    );
    const none = cycle.types.find((t) => t.typeId === null);
    expect(none?.type).toBe('No type');
    expect(none?.signed).toBe(toSign.filter((c) => !typeOf.get(c.id)).length);
    expect(cycle.types.map((t) => t.type)).toEqual(['NDA', 'Supply', 'No type']);
    expect(cycle.types.find((t) => t.typeId === nda)?.sentToSignedDays).toBeGreaterThan(0);
    await expectCsvMatches('cycle-months', cycle);
    await expectCsvMatches('cycle-types', cycle);
  });

  it('sums signed value per currency, by counterparty (ten and the others) and by type', async () => {
    const value = await report<ValueReport>(admin, 'value');
    const eur = value.counterparties.filter((row) => row.currency === 'EUR');
    // Acme GmbH and ACME GMBH are one counterparty; never mixed with the USD contract of Acme.
    expect(eur[0]).toEqual({
      currency: 'EUR',
      label: 'Birch Ltd',
      kind: 'named',
      contracts: 1,
      value: '9000.00',
    });
    // Named as most recently written.
    expect(eur[1]).toEqual({
      currency: 'EUR',
      label: 'ACME GMBH',
      kind: 'named',
      contracts: 2,
      value: '6000.50',
    });
    expect(eur.map((row) => row.label)).toEqual([
      'Birch Ltd',
      'ACME GMBH',
      'Cedar SA',
      'Dune BV',
      'Elm AB',
      'Fir Oy',
      'Gum AS',
      'Hazel Kft',
      'Ivy Srl',
      'Juniper Sp',
      'Others',
    ]);
    expect(eur.at(-1)).toMatchObject({ kind: 'others', contracts: 2, value: '75.25' });
    expect(value.counterparties.filter((row) => row.currency === 'USD')).toEqual([
      { currency: 'USD', label: 'Acme GmbH', kind: 'named', contracts: 1, value: '7000.00' },
    ]);
    expect(value.counterparties.filter((row) => row.currency === 'GBP')).toEqual([
      { currency: 'GBP', label: '=HYPERLINK("http://x.test")', kind: 'named', contracts: 1, value: '1.00' },
    ]);
    const written = await csvOf(admin, 'value-counterparties');
    expect(written).toContainEqual(['GBP', `'=HYPERLINK("http://x.test")`, '1', '1.00']);
    expect(value.counterparties.filter((row) => row.currency === 'CHF')).toEqual([
      { currency: 'CHF', label: 'Landlord AG', kind: 'named', contracts: 1, value: '1200.00' },
    ]);
    const eurTypes = value.types.filter((row) => row.currency === 'EUR');
    const sumOf = (of: (index: number) => boolean) =>
      parties.filter((_, index) => of(index)).reduce((n, [, v]) => n + Math.round(v * 100), 0) / 100;
    expect(eurTypes).toEqual([
      {
        currency: 'EUR',
        label: 'Supply',
        kind: 'named',
        contracts: 7,
        value: sumOf((i) => i % 2 === 0).toFixed(2),
      },
      {
        currency: 'EUR',
        label: 'NDA',
        kind: 'named',
        contracts: 6,
        value: sumOf((i) => i % 2 === 1).toFixed(2),
      },
    ]);
    expect(value.types.filter((row) => row.currency === 'USD')).toEqual([
      { currency: 'USD', label: 'No type', kind: 'none', contracts: 1, value: '7000.00' },
    ]);
    await expectCsvMatches('value-counterparties', value);
    await expectCsvMatches('value-types', value);
  });

  it('lists signed contracts renewing or with a notice deadline in the next 90 days', async () => {
    const renewals = await report<RenewalsReport>(admin, 'renewals');
    expect(renewals.from).toBe(today);
    expect(renewals.to).toBe(addDays(today, 90));
    expect(renewals.items.map((item) => item.title)).toEqual(['Renewing lease', 'Ending service']);
    expect(renewals.items[0]).toEqual({
      contractId: renewing,
      title: 'Renewing lease',
      counterparty: 'Landlord AG',
      type: 'Supply',
      endOn: addDays(today, 30),
      renews: true,
      renewalMonths: 12,
      noticeOn: addDays(today, 20),
      value: '1200.00',
      currency: 'CHF',
    });
    expect(renewals.items[1]).toMatchObject({ renews: false, noticeOn: addDays(today, 60) });
    expect(renewals.more).toBe(false);
    await expectCsvMatches('renewals', renewals);
  });

  it('gives the median and 90th percentile hours from invitation to signature, by month', async () => {
    const response = await report<SignerResponseReport>(admin, 'signer-response');
    const rows = await ctx.database.db
      .select({ invitedAt: signers.invitedAt, signedAt: signers.signedAt })
      .from(signers)
      .innerJoin(contracts, eq(contracts.id, signers.contractId))
      .where(eq(contracts.organizationId, admin.organizationId));
    const signed = rows.filter((r) => r.invitedAt && r.signedAt && inRange(r.signedAt));
    expect(signed.length).toBe(signedIds.length + 6);
    for (const month of response.months) {
      const hours = signed
        .filter((r) => monthOf(r.signedAt as Date) === month.month)
        .map((r) => ((r.signedAt as Date).getTime() - (r.invitedAt as Date).getTime()) / hourMs);
      expect(month.signatures).toBe(hours.length);
      expect(month.medianHours).toBe(oneDecimal(percentile(hours, 0.5)));
      expect(month.p90Hours).toBe(oneDecimal(percentile(hours, 0.9)));
    }
    expect(Math.max(...response.months.map((m) => m.p90Hours ?? 0))).toBeGreaterThan(20);
    await expectCsvMatches('signer-response', response);
  });

  it('narrows every report to a project', async () => {
    const pipeline = await report<PipelineReport>(admin, 'pipeline', { projectId: sales });
    expect(pipeline.months.reduce((n, m) => n + m.created, 0)).toBe(2);
    expect(pipeline.months.reduce((n, m) => n + m.sent, 0)).toBe(1);
    const value = await report<ValueReport>(admin, 'value', { projectId: sales });
    expect(value.counterparties).toEqual([
      { currency: 'EUR', label: 'Acme GmbH', kind: 'named', contracts: 1, value: '5000.00' },
    ]);
    await expectCsvMatches('value-counterparties', value, { projectId: sales });
  });

  it("never counts another organization's contracts, nor lets it filter by this one's project", async () => {
    const value = await report<ValueReport>(stranger, 'value');
    expect(value.counterparties).toEqual([
      { currency: 'EUR', label: 'Acme GmbH', kind: 'named', contracts: 1, value: '99999.00' },
    ]);
    const renewals = await report<RenewalsReport>(stranger, 'renewals');
    expect(renewals.items.map((item) => item.contractId)).toEqual([foreign]);
    const pipeline = await report<PipelineReport>(stranger, 'pipeline', { projectId: sales });
    expect(pipeline.months.every((m) => m.created === 0)).toBe(true);
    const mine = await report<ValueReport>(admin, 'value');
    expect(mine.counterparties.some((row) => row.value === '99999.00')).toBe(false);
  });

  it('defaults to the last twelve months and refuses more than five years', async () => {
    const response = await call(ctx, admin, { method: 'GET', url: '/api/reports/pipeline' });
    expect(response.statusCode, response.body).toBe(200);
    const months = (response.json() as PipelineReport).months;
    expect(months).toHaveLength(12);
    expect(months.at(-1)?.month).toBe(today.slice(0, 7));
    const long = await call(ctx, admin, {
      method: 'GET',
      url: `/api/reports/value?from=2020-01-01&to=2025-12-31`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.field).toBe('from');
    const unknown = await call(ctx, admin, { method: 'GET', url: '/api/reports/everything/csv' });
    expect(unknown.statusCode).toBe(400);
    const anonymous = await call(ctx, null, { method: 'GET', url: '/api/reports/pipeline' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('may be read with a read-only API token', async () => {
    const made = await call(ctx, admin, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'Reporting', scope: 'read' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json().token as string;
    for (const url of ['/api/reports/renewals', '/api/reports/value-types/csv']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});
