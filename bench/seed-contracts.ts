import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { demoAgreement } from '../src/server/db/demo-content';
import { prepareContent } from '../src/server/services/contracts/contract-content';

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
