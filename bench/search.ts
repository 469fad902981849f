// npm run bench:search — full-text search (services/search/) on PostgreSQL (a database of its own,
// BENCH_DATABASE_URL's server, when it answers) and on PGlite, in organizations of 10,000 and
// 100,000 contracts (1,000,000 with BENCH_SEARCH_MILLION=1; BENCH_SEARCH_SIZES=a,b sets them;
// BENCH_SEARCH_DB=postgres or pglite runs one), each contract about three pages of varied text
// and one to three recipients. For each size it prints p50/p99 of a two-word search (the last
// word a prefix, as typed), of the same search with three filters (status, project, changed
// since) and with three key-term filters (type, counterparty, value from in EUR), and of the list without
// words filtered by type and tag (the search page as it opens from a saved view); timed around the service (the SQL, its ranking, its passages and the mapping; no HTTP);
// what keeping the index current adds to a save (refresh_contract_search, which the triggers run
// in the save's transaction) and a whole save of the text with it; the seed's indexing time; and
// the search table's and index's size (the organizations share the tables, as tenants do).
// Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Actor } from '../src/server/actor';
import { type DatabaseHandle, openDatabase } from '../src/server/db/client';
import { signUp } from '../src/server/services/accounts/sign-up';
import { searchContracts } from '../src/server/services/search/search-contracts';
import type { SearchQuery } from '../src/shared/api/search';
import { searchLimits } from '../src/shared/limits';
import { freshPostgresDatabase } from './bench-database';
import { seedContracts } from './seed-contracts';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sizes = process.env.BENCH_SEARCH_SIZES
  ? process.env.BENCH_SEARCH_SIZES.split(',').map(Number)
  : [10_000, 100_000, ...(process.env.BENCH_SEARCH_MILLION === '1' ? [1_000_000] : [])];
const only = process.env.BENCH_SEARCH_DB;
const runs = Number(process.env.BENCH_SEARCH_RUNS ?? 400);
const saves = Number(process.env.BENCH_SEARCH_SAVES ?? 200);
const paragraphsPerContract = 24;

// A vocabulary drawn with a skewed frequency (a few words everywhere, most rare), as real text
// is; names with diacritics among them.
const common = `the of and to in a shall be by or any this agreement party parties for with as such
  that is on which under its all not from other may services supplier client have will at`.split(/\s+/);
const terms = `indemnity liability warranty confidential termination breach notice payment invoice
  delivery schedule milestone acceptance intellectual property licence assignment subcontract
  insurance audit records governing law jurisdiction arbitration dispute remedy damages force
  majeure renewal expiry fees interest escrow deliverable specification change request variation
  personnel premises equipment security data protection processor controller retention deletion
  transfer subprocessor incident breach notification encryption backup continuity recovery
  benchmark service level credit availability maintenance support response resolution escalation
  governance steering committee review quarterly annual report forecast budget overrun penalty
  bonus exclusivity noncompete nonsolicitation publicity announcement counterpart amendment waiver
  severability entire assignment novation guarantee surety lien pledge collateral`.split(/\s+/);
const names = `Müller Żółć Łukasz Gęślą Ångström Søren Dvořák Nuñez François Özdemir Kowalski Novák
  Hämäläinen Þórsson Ελένη Дмитрий Lovelace Hopper Turing Hamilton`.split(/\s+/);

let seed = 12_345;
const next = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
// The long tail: 3,000 words made of syllables (place names, products, defined terms…).
const syllables = 'ka ro mi tan vel dor sen lu bra quin zet hal mor pe ti gra fon nel os ur'.split(' ');
const rare = Array.from({ length: 3000 }, (_, n) =>
  [n % 21, Math.floor(n / 21) % 21, Math.floor(n / 441) % 21, (n * 7) % 21].map((k) => syllables[k]).join(''),
);

function paragraphPool(count: number): string[] {
  return Array.from({ length: count }, () => {
    const words = Array.from({ length: 55 + Math.floor(next() * 20) }, () => {
      const r = next();
      if (r < 0.55) return common[Math.floor(next() * common.length)];
      if (r < 0.85) return terms[Math.floor(next() ** 2 * terms.length)];
      if (r < 0.97) return rare[Math.floor(next() * rare.length)];
      return names[Math.floor(next() * names.length)];
    });
    return `${words.join(' ')}.`;
  });
}

// Half of them common words (every contract has them: the ranked cap is reached), half a word
// of the long tail with another (a few hundred matches at 100,000 contracts, fewer at 10,000).
const searches = [
  'indemnity warr',
  'confidential term',
  'payment invo',
  'arbitration juris',
  'müller deliv',
  `${rare[17]} indem`,
  `${rare[450]} ${rare[1200]?.slice(0, 5)}`,
  `zolc ${rare[999]?.slice(0, 6)}`,
  `${rare[2024]} surety`,
  `${rare[77]} lovel`,
];

type Measured = { p50: number; p99: number };
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
const ms = (values: number[]): Measured => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
const fmt = (m: Measured) => `p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms`;

async function rows<T>(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function seedOrganization(database: DatabaseHandle, size: number) {
  const { db } = database;
  const account = await signUp(db, {
    name: 'Bench User',
    email: `bench-search-${size}@example.com`,
    password: 'bench-password-bench',
    organizationName: `Bench Search ${size}`,
  });
  // The seed writes the rows set-based with the search triggers off, then indexes every contract
  // as the triggers would (the same function), timed.
  for (const trigger of ['contracts_search_insert', 'contracts_search_update'])
    await db.execute(sql.raw(`alter table contracts disable trigger ${trigger}`));
  await db.execute(sql`alter table signers disable trigger signers_search_insert`);
  await db.execute(sql`alter table contract_terms disable trigger contract_terms_search_insert`);
  const seedStarted = performance.now();
  await seedContracts(db, { ...account, contracts: size, projects: 200 });
  const pool = paragraphPool(2000);
  await db.execute(
    sql`create temp table if not exists bench_paragraphs (k int primary key, body text not null)`,
  );
  await db.execute(sql`truncate bench_paragraphs`);
  for (let start = 0; start < pool.length; start += 100) {
    const chunk = pool.slice(start, start + 100).map((body, i) => sql`(${start + i}, ${body})`);
    await db.execute(sql`insert into bench_paragraphs (k, body) values ${sql.join(chunk, sql`, `)}`);
  }
  await db.execute(sql`
    update contracts c set content = d.doc from (
      select c2.id, json_build_object('type', 'doc', 'content', json_agg(json_build_object(
        'type', 'paragraph', 'content', json_build_array(json_build_object('type', 'text', 'text', p.body)))
        order by s)) as doc
      from contracts c2 cross join generate_series(1, ${paragraphsPerContract}) as s
        join bench_paragraphs p on p.k = abs(hashtext(c2.id::text || s::text)) % 2000
      where c2.organization_id = ${account.organizationId}
      group by c2.id
    ) d where c.id = d.id`);
  // Key terms on nine contracts of ten: one of six types, one of 400 counterparties, a value, tags.
  await db.execute(sql`
    insert into contract_types (organization_id, name, position)
    select ${account.organizationId}, name, n from unnest(
      array['Services', 'Supply', 'Lease', 'Licence', 'NDA', 'Employment']) with ordinality as t(name, n)`);
  await db.execute(sql`
    insert into contract_terms (contract_id, organization_id, type_id, counterparty_company, value,
                                currency, effective_on, end_on, duration, notice_days, tags)
    select c.id, c.organization_id,
           (select id from contract_types where organization_id = c.organization_id
              order by position offset h % 6 limit 1),
           (array['Müller', 'Żółć', 'Nordic', 'Atlas', 'Kowalski', 'Hopper', 'Dvořák', 'Özdemir'])[1 + h % 8]
             || ' ' || (array['GmbH', 'Sp. z o.o.', 'AB', 'Ltd', 'S.A.'])[1 + (h / 8) % 5] || ' ' || (h % 10),
           (h % 500) * 250 + 1000, 'EUR', date '2025-01-01' + (h % 700), date '2027-01-01' + (h % 900),
           'until', 30 + (h % 3) * 30,
           case when h % 3 = 0 then array['priority', 'renewal'] when h % 3 = 1 then array['supply'] else '{}'::text[] end
    from (select id, organization_id, abs(hashtext(id::text)) as h from contracts
          where organization_id = ${account.organizationId} and not is_template) as c
    where c.h % 10 <> 0`);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const indexStarted = performance.now();
  await db.execute(sql`
    select refresh_contract_search(id) from contracts where organization_id = ${account.organizationId}`);
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  for (const trigger of ['contracts_search_insert', 'contracts_search_update'])
    await db.execute(sql.raw(`alter table contracts enable trigger ${trigger}`));
  await db.execute(sql`alter table signers enable trigger signers_search_insert`);
  await db.execute(sql`alter table contract_terms enable trigger contract_terms_search_insert`);
  await db.execute(sql`vacuum analyze`);
  return { ...account, seedSeconds, indexSeconds };
}

async function measure(database: DatabaseHandle, size: number) {
  const { db } = database;
  const account = await seedOrganization(database, size);
  const actor = {
    userId: account.userId,
    userName: 'Bench User',
    email: `bench-search-${size}@example.com`,
    avatarUrl: null,
    organizationId: account.organizationId,
    organizationName: `Bench Search ${size}`,
    role: 'admin',
    sessionId: '',
    ip: null,
    userAgent: null,
  } satisfies Actor;
  const ctx = { db, actor };
  const [project] = await rows<{ id: string }>(
    database,
    sql`select project_id as id from contracts where organization_id = ${account.organizationId}
        and project_id is not null group by project_id order by count(*) desc limit 1`,
  );
  const base: SearchQuery = { q: '', limit: 20, offset: 0 };
  const filtered = {
    status: 'signed',
    projectId: project?.id,
    updatedFrom: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10),
  } as const;
  const typeId = async (name: string) =>
    (
      await rows<{ id: string }>(
        database,
        sql`select id from contract_types where organization_id = ${account.organizationId} and name = ${name}`,
      )
    )[0]?.id;
  const [services, supply] = [await typeId('Services'), await typeId('Supply')];
  // Each of these matches (the seed's terms go together: a Supply contract's counterparty is one of
  // four); the last matches nothing, so the list reads every contract of the type to say so.
  const termFiltered = { typeId: supply, counterparty: 'zolc', currency: 'EUR', valueMin: 50_000 };
  const listFiltered = { typeId: services, tags: ['Priority'] };
  const listEmpty = { typeId: supply, tags: ['priority'] };
  const time = async (query: SearchQuery) => {
    const started = performance.now();
    const page = await searchContracts(ctx, query);
    return { ms: performance.now() - started, page };
  };
  for (const q of searches) await time({ ...base, q }); // warm-up
  const plain: number[] = [];
  const withFilters: number[] = [];
  const withTerms: number[] = [];
  const listed: number[] = [];
  const listedEmpty: number[] = [];
  let capped = 0;
  for (let i = 0; i < runs; i += 1) {
    const q = searches[i % searches.length] as string;
    const one = await time({ ...base, q });
    plain.push(one.ms);
    if (one.page.more) capped += 1;
    withFilters.push((await time({ ...base, ...filtered, q })).ms);
    withTerms.push((await time({ ...base, ...termFiltered, q })).ms);
    listed.push((await time({ ...base, ...listFiltered, offset: (i % 5) * 20 })).ms);
    if (i % 4 === 0) listedEmpty.push((await time({ ...base, ...listEmpty })).ms);
  }
  // Keeping the index current: what the triggers add to a save, and a save of the text with it.
  const targets = await rows<{ id: string }>(
    database,
    sql`select id from contracts where organization_id = ${account.organizationId} and not is_template
        order by id limit ${saves}`,
  );
  const refresh: number[] = [];
  const save: number[] = [];
  for (const [i, target] of targets.entries()) {
    let started = performance.now();
    await db.execute(sql`select refresh_contract_search(${target.id})`);
    refresh.push(performance.now() - started);
    started = performance.now();
    await db.execute(sql`
      update contracts set content = (select content from contracts where id = ${targets[(i + 1) % targets.length]?.id}),
                           updated_at = now()
      where id = ${target.id}`);
    save.push(performance.now() - started);
  }
  const [size_] = await rows<{ table_mb: number; index_mb: number; contracts: number }>(
    database,
    sql`select round(pg_total_relation_size('contract_search') / 1048576.0, 1)::float8 as table_mb,
               round(pg_relation_size('contract_search_document_idx') / 1048576.0, 1)::float8 as index_mb,
               (select count(*) from contract_search)::int as contracts`,
  );
  const averageChars = await rows<{ chars: number }>(
    database,
    sql`select round(avg(length(passage)))::int as chars from contract_search`,
  );
  return {
    size,
    seedSeconds: account.seedSeconds,
    indexSeconds: account.indexSeconds,
    plain: ms(plain),
    withFilters: ms(withFilters),
    withTerms: ms(withTerms),
    listed: ms(listed),
    listedEmpty: ms(listedEmpty),
    capped: capped / runs,
    refresh: ms(refresh),
    save: ms(save),
    storage: size_,
    passageChars: averageChars[0]?.chars,
  };
}

async function run(kind: 'postgres' | 'pglite') {
  let dir: string | undefined;
  let database: DatabaseHandle;
  if (kind === 'postgres') {
    const url = await freshPostgresDatabase(postgresUrl, 'pactum_bench_search');
    if (!url) {
      console.log('PostgreSQL: no server answers at BENCH_DATABASE_URL; skipped');
      return;
    }
    database = await openDatabase({ kind: 'postgres', url });
  } else {
    dir = mkdtempSync(join(tmpdir(), 'pactum-bench-search-'));
    database = await openDatabase({ kind: 'pglite', dataDir: dir });
  }
  await database.migrate();
  try {
    for (const size of sizes) {
      const r = await measure(database, size);
      console.log(
        [
          `${kind} ${r.size.toLocaleString('en')} contracts (load ${loadavg()[0]?.toFixed(2)}):`,
          `  seeded in ${r.seedSeconds.toFixed(1)} s, indexed in ${r.indexSeconds.toFixed(1)} s (${((r.indexSeconds * 1000) / r.size).toFixed(2)} ms a contract, ~${r.passageChars} characters of text shown in passages)`,
          `  two-word search:         ${fmt(r.plain)} (${Math.round(r.capped * 100)}% of runs past the ${searchLimits.ranked} ranked)`,
          `  with three filters:      ${fmt(r.withFilters)}`,
          `  with three key terms:    ${fmt(r.withTerms)} (type, counterparty, value from in EUR)`,
          `  list without words:      ${fmt(r.listed)} (type and tag, pages 1 to 5)`,
          `  list matching nothing:   ${fmt(r.listedEmpty)} (a type and a tag no contract has together)`,
          `  index upkeep per save:   ${fmt(r.refresh)}; a whole save of the text with it: ${fmt(r.save)}`,
          `  contract_search: ${r.storage?.table_mb} MB with its GIN index of ${r.storage?.index_mb} MB, ${r.storage?.contracts.toLocaleString('en')} contracts (every organization so far)`,
        ].join('\n'),
      );
    }
  } finally {
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

for (const kind of ['postgres', 'pglite'] as const) if (!only || only === kind) await run(kind);
