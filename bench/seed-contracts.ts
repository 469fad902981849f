import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { demoAgreement } from '../src/server/db/demo-content';
import { prepareContent } from '../src/server/services/contracts/contract-content';
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

/**
 * Fills one organization with `contracts` contracts over `projects` projects, with one or two
 * signers each, in a few set-based statements (the services would take far longer for 100,000).
 */
export async function seedContracts(
  db: Database,
  input: { organizationId: string; userId: string; contracts: number; projects: number },
): Promise<void> {
  const { content, contentHtml } = await prepareContent(
    demoAgreement('Services Agreement', 'Bench Co', 'Client'),
  );
  await db.execute(sql`
    insert into projects (organization_id, name, description, created_by, created_at, updated_at)
    select ${input.organizationId}, 'Project ' || n, 'Contracts of project ' || n, ${input.userId},
           now() - make_interval(days => n), now() - make_interval(mins => n)
    from generate_series(1, ${input.projects}) as n`);
  await db.execute(sql`
    with numbered as (
      select id, row_number() over (order by created_at) - 1 as idx from projects
      where organization_id = ${input.organizationId}
    )
    insert into contracts (organization_id, project_id, title, content, content_html, status, created_by,
                           created_by_name, created_at, updated_at)
    select ${input.organizationId}, p.id,
           (array['Services Agreement', 'Mutual NDA', 'Offer Letter', 'Lease', 'Statement of Work'])[1 + n % 5] || ' #' || n,
           ${JSON.stringify(content)}::jsonb, ${contentHtml},
           (array['draft', 'sent', 'signed', 'expired', 'canceled'])[1 + n % 5]::contract_status,
           ${input.userId}, 'Bench User',
           now() - make_interval(mins => n * 2), now() - make_interval(secs => n)
    from generate_series(1, ${input.contracts}) as n
    join numbered p on p.idx = n % ${input.projects}`);
  await db.execute(sql`
    insert into signers (contract_id, name, email, status, signing_order)
    select c.id, 'Signer ' || s, 'signer' || s || '@example.com', 'pending', s
    from contracts c cross join generate_series(1, 2) as s
    where c.organization_id = ${input.organizationId} and (s = 1 or c.title like 'Mutual NDA%')`);
  await db.execute(sql`analyze`);
}
