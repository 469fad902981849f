import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { demoAgreement } from '../src/server/demo/demo-content';
import { inlineContentEngine } from '../src/server/services/contracts/content-engine';
import type { EditorDocument } from '../src/shared/api/editor-document';

type Block = Record<string, unknown>;

const text = (value: string, marks?: Block[]): Block => ({
  type: 'text',
  text: value,
  ...(marks && { marks }),
});
const paragraph = (...content: Block[]): Block => ({ type: 'paragraph', content });
const clause = (value: string, nested?: Block): Block => ({
  type: 'listItem',
  content: [paragraph(text(value)), ...(nested ? [nested] : [])],
});
const legalList = (...items: Block[]): Block => ({
  type: 'orderedList',
  attrs: { numbering: 'legal' },
  content: items,
});
const cell = (type: 'tableHeader' | 'tableCell', value: string, align: string | null = null): Block => ({
  type,
  attrs: { align },
  content: [paragraph(text(value))],
});

/**
 * About a page of a contract, as real ones are written: a heading, paragraphs with underlined
 * defined terms and a link, a clause tree with legal numbering (1., 1.1, 1.1.1), a bullet list,
 * and on every other page a fee table with a header row, ~3,000 characters.
 */
export function contractPage(n: number): Block[] {
  const sentence =
    'The Supplier shall perform the Services with reasonable skill, care and diligence, in accordance with good industry practice and all applicable laws. ';
  const blocks: Block[] = [
    { type: 'heading', attrs: { level: 2 }, content: [text(`${n}. Clause ${n}`)] },
    paragraph(
      text(`${n}.1 In this clause `),
      text('Services', [{ type: 'underline' }]),
      text(' means the work described at '),
      text('the schedule page', [{ type: 'link', attrs: { href: `https://example.com/schedule/${n}` } }]),
      text(`. ${sentence.repeat(3)}`),
    ),
    ...[2, 3].map((k) => paragraph(text(`${n}.${k} ${sentence.repeat(4)}`))),
    legalList(
      clause(
        `Obligations of clause ${n}: deliver on time and to the agreed quality.`,
        legalList(
          clause('Report monthly on progress against the plan.'),
          clause(
            'Keep records for six years.',
            legalList(clause('Make them available on reasonable notice.')),
          ),
        ),
      ),
      clause('Notify the Client at once of anything that may delay the Services.'),
    ),
    {
      type: 'bulletList',
      content: [1, 2].map((k) => ({
        type: 'listItem',
        content: [paragraph(text(`Obligation ${n}.${k}: deliver on time, report monthly and keep records.`))],
      })),
    },
  ];
  if (n % 2 === 0) {
    blocks.push({
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [
            cell('tableHeader', 'Item'),
            cell('tableHeader', 'Due'),
            cell('tableHeader', 'Amount', 'right'),
          ],
        },
        ...[1, 2, 3].map((k) => ({
          type: 'tableRow',
          content: [
            cell('tableCell', `Milestone ${n}.${k}`),
            cell('tableCell', `Month ${k}`),
            cell('tableCell', `${(k * 1250).toLocaleString('en')} EUR`, 'right'),
          ],
        })),
      ],
    });
  }
  return blocks;
}

/** A contract of about `pages` pages (see contractPage), for the editor and import benchmarks. */
export function longContract(pages: number): EditorDocument {
  return {
    type: 'doc',
    content: Array.from({ length: pages }, (_, n) => contractPage(n + 1)).flat(),
  } as EditorDocument;
}

const companies = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Stark Industries',
  'Wayne Enterprises',
  'Hooli',
  'Vandelay',
  'Soylent',
  'Tyrell',
  'Cyberdyne',
  'Wonka',
  'Aperture',
  'Massive Dynamic',
  'Oscorp',
  'Pied Piper',
];
const kinds = ['Services Agreement', 'Mutual NDA', 'Offer Letter', 'Lease', 'Statement of Work'];
const teams = ['Renewals', 'Onboarding', 'Procurement', 'Hiring', 'Facilities', 'Partnerships'];
const firstNames = [
  'Ada',
  'Grace',
  'Alan',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'Edsger',
];
const lastNames = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie'];

const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]`);

/** The title the seed gives contract n, so a benchmark can search for one that exists. */
export function seededTitle(n: number): string {
  return `${companies[n % companies.length]} — ${kinds[n % kinds.length]} #${n}`;
}

/**
 * Fills one organization with `contracts` contracts over `projects` projects in a few set-based
 * statements (the services would take far longer for a million), shaped like a workspace that
 * has been used for two years: updated_at spread over that time, mostly signed contracts with
 * drafts and sent ones among the recent, one to three signers whose statuses and dates agree
 * with their contract's (signed ones with a signature image), and a dozen templates.
 */
export async function seedContracts(
  db: Database,
  input: { organizationId: string; userId: string; contracts: number; projects: number },
): Promise<void> {
  const { json, contentHtml } = await inlineContentEngine().prepare(
    demoAgreement('Services Agreement', 'Bench Co', 'Client'),
  );
  const { organizationId: org, userId } = input;
  await db.execute(sql`
    insert into projects (organization_id, name, description, created_by, created_at, updated_at)
    select ${org}, (${textArray(companies)})[1 + n % ${companies.length}] || ' ' ||
                   (${textArray(teams)})[1 + n % ${teams.length}] || ' ' || n,
           'Contracts of project ' || n, ${userId},
           now() - make_interval(days => 730 - n % 700), now() - make_interval(mins => n * 37)
    from generate_series(1, ${input.projects}) as n`);
  // The counts trigger would upsert one of a few hundred rows once per contract, all in one
  // statement's transaction, where no row version can be reclaimed: a million inserts spent most
  // of their time walking dead versions. The seed counts once instead, as the trigger would.
  await db.execute(sql`alter table contracts disable trigger contracts_status_counts`);
  try {
    await insertContracts(db, input, json, contentHtml);
  } finally {
    await db.execute(sql`alter table contracts enable trigger contracts_status_counts`);
  }
  await db.execute(sql`
    insert into contract_status_counts (organization_id, project_id, status, count)
    select organization_id, project_id, status, count(*) from contracts
    where organization_id = ${org} and not is_template and project_id is not null
    group by organization_id, project_id, status`);
  // One to three signers a contract (the uuid's first byte picks how many), their progress
  // following the contract's status.
  await db.execute(sql`
    with picked as (
      select c.id, c.status, c.sent_at, c.completed_at, c.updated_at, get_byte(uuid_send(c.id), 1) as k, s
      from contracts c cross join generate_series(1, 3) as s
      where c.organization_id = ${org} and s <= 1 + get_byte(uuid_send(c.id), 0) % 3
    ), progressed as (
      select *, case
        when status = 'signed' then 'signed'
        when status = 'sent' and s = 1 and k % 2 = 0 then 'signed'
        when status in ('sent', 'expired') and s = 1 then 'viewed'
        else 'pending' end::signer_status as signer_status
      from picked
    )
    insert into signers (contract_id, name, email, status, signing_order, position, invited_at, viewed_at,
                         signed_at, signature_kind, signature_image, created_at)
    select id,
           (${textArray(firstNames)})[1 + (k + s) % ${firstNames.length}] || ' ' ||
             (${textArray(lastNames)})[1 + (k * s) % ${lastNames.length}],
           lower((${textArray(firstNames)})[1 + (k + s) % ${firstNames.length}]) || '.' || s || '@client' || k || '.example.com',
           signer_status, s, s, sent_at,
           case when signer_status in ('viewed', 'signed') then coalesce(completed_at, updated_at) - interval '2 hours' end,
           case when signer_status = 'signed' then coalesce(completed_at, updated_at) - make_interval(mins => 10 * (3 - s)) end,
           case when signer_status = 'signed' then 'drawn'::signature_kind end,
           -- About the size of a drawn signature's PNG.
           case when signer_status = 'signed' then decode(repeat(lpad(to_hex(k), 2, '0') || 'a1b2c3d4', 800), 'hex') end,
           coalesce(sent_at, updated_at)
    from progressed`);
  // The counts trigger updated a handful of rows once per contract: vacuum leaves them as a
  // workspace that grew over two years would have them, not as 100,000 dead versions.
  await db.execute(sql`vacuum analyze`);
}

async function insertContracts(
  db: Database,
  input: { organizationId: string; userId: string; contracts: number; projects: number },
  json: string,
  contentHtml: string,
): Promise<void> {
  // r is a fixed pseudo-random fraction per n (Knuth's multiplicative hash), so runs are repeatable.
  await db.execute(sql`
    with numbered as (
      select id, row_number() over (order by created_at, id) - 1 as idx from projects
      where organization_id = ${input.organizationId}
    ), drawn as (
      select n, ((n::bigint * 2654435761) % 4294967296) / 4294967296.0 as r,
             (n::bigint * 7919) % 100 as bucket
      from generate_series(1, ${input.contracts}) as n
    ), dated as (
      select n, bucket, now() - r * interval '730 days' as updated_at,
             now() - r * interval '730 days' - (n % 30) * interval '1 day' - interval '1 hour' as created_at,
             case when bucket < 25 and r > 0.2 then 'draft'
                  when bucket < 40 and r > 0.1 then 'sent'
                  when bucket < 90 then 'signed'
                  when bucket < 95 then 'expired'
                  else 'canceled' end::contract_status as status
      from drawn
    )
    insert into contracts (organization_id, project_id, title, content, content_html, status, created_by,
                           created_by_name, sent_at, completed_at, expires_at, created_at, updated_at)
    select ${input.organizationId}, p.id,
           (${textArray(companies)})[1 + n % ${companies.length}] || ' — ' ||
             (${textArray(kinds)})[1 + n % ${kinds.length}] || ' #' || n,
           ${json}::json, ${contentHtml}, d.status, ${input.userId}, 'Bench User',
           case when d.status <> 'draft' then d.created_at + (d.updated_at - d.created_at) / 2 end,
           case when d.status = 'signed' then d.updated_at end,
           case when d.status in ('sent', 'expired') then d.created_at + interval '30 days' end,
           d.created_at, d.updated_at
    from dated d join numbered p on p.idx = d.n % ${input.projects}`);
  await db.execute(sql`
    insert into contracts (organization_id, title, content, content_html, is_template, created_by,
                           created_by_name, created_at, updated_at)
    select ${input.organizationId}, (${textArray(kinds)})[1 + n % ${kinds.length}] || ' template ' || n,
           ${json}::json, ${contentHtml}, true, ${input.userId}, 'Bench User',
           now() - make_interval(days => 700 - n), now() - make_interval(days => 30 - n)
    from generate_series(1, 12) as n`);
}
