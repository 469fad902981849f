import { sql } from 'drizzle-orm';
import type { SearchPage, SearchQuery, TextPart } from '../../../shared/api/search';
import { AppError } from '../../../shared/errors';
import { searchLimits } from '../../../shared/limits';
import type { ContractStatus } from '../../../shared/statuses';
import type { ServiceContext } from '../../context';
import { contractSearch, contracts, contractTerms, contractTypes } from '../../db/schema';
import { listFilteredContracts } from './list-filtered-contracts';
import { filterConditions, filteredContracts, termsOfRow } from './search-filters';
import { searchTerms, tsqueryText } from './search-terms';

// Weights of D, C, B, A (ts_rank_cd's order): a title's match counts ten times a text's.
const weights = sql.raw(`'{0.05, 0.1, 0.4, 1.0}'::float4[]`);
// ts_headline marks a match between \x02 and \x03 and separates fragments with \x01: characters
// the search document's text never holds (contract_plain_text drops them), so no text can pose as
// a mark. Bounded: at most two fragments of up to 18 words, from the stored passage text only.
const passageOptions =
  'StartSel=\x02, StopSel=\x03, FragmentDelimiter=\x01, MaxFragments=2, MaxWords=18, MinWords=6';
const titleOptions = 'StartSel=\x02, StopSel=\x03, HighlightAll=true';

type Row = {
  id: string;
  title: string;
  status: ContractStatus;
  project_id: string | null;
  counterparty: string | null;
  type_name: string | null;
  updated_at: Date | string;
  rank: number | string;
  title_marked: string;
  passage_marked: string;
  file_passage_marked: string;
  unsearchable_pages: number;
  more: boolean;
};

const startMark = '\x02';
const stopMark = '\x03';

/** Text with \x02…\x03 around its matches as parts. */
export function markedParts(marked: string): TextPart[] {
  const parts: TextPart[] = [];
  const push = (text: string | undefined, isMarked: boolean) => {
    if (text) parts.push({ text, marked: isMarked });
  };
  const [before, ...starts] = marked.split(startMark);
  push(before, false);
  for (const piece of starts) {
    const stop = piece.indexOf(stopMark);
    push(stop < 0 ? piece : piece.slice(0, stop), true);
    if (stop >= 0) push(piece.slice(stop + 1).replaceAll(stopMark, ''), false);
  }
  return parts;
}

/** The drafted text's passages, then the PDFs', that hold a match: two at most. */
const passagesOf = (row: Row): TextPart[][] =>
  [row.passage_marked, row.file_passage_marked]
    .flatMap((marked) => marked.split('\x01').map(markedParts))
    .filter((parts) => parts.some((part) => part.marked))
    .slice(0, 2);

/**
 * The organization's contracts matching a search, best first (ts_rank_cd with the document's
 * weights; equal ranks newest first), with the given filters; without words, the filtered list
 * (listFilteredContracts). At most searchLimits.ranked matches are ranked (`more` says when
 * there were more); passages are made for the page only.
 */
export async function searchContracts(ctx: ServiceContext, query: SearchQuery): Promise<SearchPage> {
  if (!query.q) return listFilteredContracts(ctx, query);
  const tsquery = sql`to_tsquery('pactum_search', ${tsqueryText(searchTerms(query.q))})`;
  if (query.offset > searchLimits.ranked) {
    throw new AppError(
      'INVALID_INPUT',
      `A search pages through its first ${searchLimits.ranked} matches`,
      'offset',
    );
  }
  const result = await ctx.db.execute(sql`
    with search as (select ${tsquery} as q),
    matches as materialized (
      select ${contracts.id} as id, ${contracts.updatedAt} as updated_at, ${contractSearch.document} as document
      from ${filteredContracts(true)}, search
      where ${filterConditions(ctx, query, sql`search.q`)}
      limit ${searchLimits.ranked + 1}
    ),
    ranked as (
      select matches.id, matches.updated_at, ts_rank_cd(${weights}, matches.document, search.q) as rank
      from (select * from matches limit ${searchLimits.ranked}) as matches, search
      order by rank desc, matches.updated_at desc, matches.id
      limit ${query.limit + 1} offset ${query.offset}
    )
    select ranked.id, ${contracts.title} as title, ${contracts.status} as status,
           ${contracts.projectId} as project_id, ranked.updated_at, ranked.rank,
           ${contractTerms.counterpartyCompany} as counterparty, ${contractTypes.name} as type_name,
           ts_headline('pactum_search', ${contracts.title}, search.q, ${titleOptions}) as title_marked,
           ts_headline('pactum_search', ${contractSearch.passage}, search.q, ${passageOptions}) as passage_marked,
           ts_headline('pactum_search', ${contractSearch.filePassage}, search.q, ${passageOptions}) as file_passage_marked,
           ${contractSearch.unsearchablePages} as unsearchable_pages,
           (select count(*) from matches) > ${searchLimits.ranked} as more
    from ranked
      join ${contracts} on ${contracts.id} = ranked.id
      join ${contractSearch} on ${contractSearch.contractId} = ranked.id
      ${termsOfRow(sql`ranked.id`)}, search
    order by ranked.rank desc, ranked.updated_at desc, ranked.id`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      title: row.title,
      titleParts: markedParts(row.title_marked),
      status: row.status,
      projectId: row.project_id,
      counterparty: row.counterparty,
      typeName: row.type_name,
      updatedAt: new Date(row.updated_at).toISOString(),
      rank: Number(row.rank),
      passages: passagesOf(row),
      unsearchablePages: Number(row.unsearchable_pages),
    })),
    nextOffset: rows.length > query.limit ? query.offset + query.limit : null,
    more: rows[0]?.more ?? false,
  };
}
