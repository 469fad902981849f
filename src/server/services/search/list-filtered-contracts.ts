import { and, sql } from 'drizzle-orm';
import type { SearchPage, SearchQuery } from '../../../shared/api/search';
import type { ContractStatus } from '../../../shared/statuses';
import type { ServiceContext } from '../../context';
import { contractSearch, contracts, contractTerms, contractTypes } from '../../db/schema';
import { filterConditions, filteredContracts, termConditions } from './search-filters';

/** At most this many contracts matching the term filters are joined and sorted (below). */
const fewCandidates = 2_000;

type Row = {
  id: string;
  title: string;
  status: ContractStatus;
  project_id: string | null;
  counterparty: string | null;
  type_name: string | null;
  updated_at: Date | string;
  unsearchable_pages: number | null;
};

/**
 * A search without words: the filtered contracts, most recently changed first (the
 * organization's updated index serves the order), in pages by offset up to searchLimits.listed,
 * each saying, as a search's do, how many of its PDFs' pages search cannot read.
 */
export async function listFilteredContracts(ctx: ServiceContext, query: SearchQuery): Promise<SearchPage> {
  // Read along the updated index, a list stops once its page is full, which is soon when the
  // filters match many; filters that match few (a type and a tag that never go together) read the
  // whole organization to say so (1.4 s at 100,000 contracts). So when the term filters match at
  // most fewCandidates contracts (a bounded count over the terms' indexes), the list starts from
  // those instead: never more rows read than that, sorted.
  const terms = termConditions(query);
  let candidates = sql``;
  if (terms.length > 0) {
    const matched = sql`select ${contractTerms.contractId} from ${contractTerms}
      where ${contractTerms.organizationId} = ${ctx.actor.organizationId} and ${and(...terms)}`;
    const probe = await ctx.db.execute(
      sql`select count(*)::int as n from (${matched} limit ${fewCandidates + 1}) as matched`,
    );
    const [{ n } = { n: 0 }] = (probe as unknown as { rows: { n: number }[] }).rows;
    if (n <= fewCandidates) candidates = sql`and ${contracts.id} in (${matched} offset 0)`;
  }
  const result = await ctx.db.execute(sql`
    select ${contracts.id} as id, ${contracts.title} as title, ${contracts.status} as status,
           ${contracts.projectId} as project_id, ${contracts.updatedAt} as updated_at,
           ${contractTerms.counterpartyCompany} as counterparty, ${contractTypes.name} as type_name,
           ${contractSearch.unsearchablePages} as unsearchable_pages
    from ${filteredContracts(false)}
      left join ${contractTypes} on ${contractTypes.id} = ${contractTerms.typeId}
      left join ${contractSearch} on ${contractSearch.contractId} = ${contracts.id}
    where ${filterConditions(ctx, query)} ${candidates}
    order by ${contracts.updatedAt} desc, ${contracts.id} desc
    limit ${query.limit + 1} offset ${query.offset}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return {
    items: rows.slice(0, query.limit).map((row) => ({
      id: row.id,
      title: row.title,
      titleParts: [{ text: row.title, marked: false }],
      status: row.status,
      projectId: row.project_id,
      counterparty: row.counterparty,
      typeName: row.type_name,
      updatedAt: new Date(row.updated_at).toISOString(),
      rank: 0,
      passages: [],
      unsearchablePages: Number(row.unsearchable_pages ?? 0),
    })),
    nextOffset: rows.length > query.limit ? query.offset + query.limit : null,
    more: false,
  };
}
