import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SearchFilters } from '../../../shared/api/search';
import type { ServiceContext } from '../../context';
import { contractSearch, contracts, contractTerms, contractTypes } from '../../db/schema';
import { ownContracts } from '../../policies/scope';

const day = (value: string) => sql`${value}::date::timestamptz`;

/** `text` as a LIKE pattern matching itself anywhere: its %, _ and \ are letters. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The rows a list reads: the organization's contracts (never templates) with their terms (left
 * joined: most have none) and, when a search has words, their search document. Every list the
 * search page, a saved view and an export show comes from here, with `filterConditions`.
 */
export const filteredContracts = (withDocument: boolean) =>
  withDocument
    ? sql`${contracts} left join ${contractTerms} on ${contractTerms.contractId} = ${contracts.id}
          join ${contractSearch} on ${contractSearch.contractId} = ${contracts.id}`
    : sql`${contracts} left join ${contractTerms} on ${contractTerms.contractId} = ${contracts.id}`;

const folded = (value: SQL | string) => sql`unaccent(lower(${value}))`;

/**
 * The filters a contract matches only through its terms row (type, counterparty, currency, value,
 * tags, end date): each names only `contract_terms`, so a list can find their candidates there
 * first. The counterparty is a part of the company's name folded as the search folds words (lower
 * case, unaccent), a value range is in its currency, tags are all required, in any case
 * ("Priority" finds "priority").
 */
export function termConditions(filters: SearchFilters): SQL[] {
  return [
    filters.typeId ? eq(contractTerms.typeId, filters.typeId) : undefined,
    filters.counterparty
      ? sql`${folded(sql`${contractTerms.counterpartyCompany}`)} like ${folded(containing(filters.counterparty))}`
      : undefined,
    filters.currency ? eq(contractTerms.currency, filters.currency) : undefined,
    filters.valueMin !== undefined ? sql`${contractTerms.value} >= ${filters.valueMin}` : undefined,
    filters.valueMax !== undefined ? sql`${contractTerms.value} <= ${filters.valueMax}` : undefined,
    filters.tags?.length
      ? sql`lower_tags(${contractTerms.tags}) @> array[${sql.join(
          filters.tags.map((tag) => sql`lower(${tag})`),
          sql`, `,
        )}]::text[]`
      : undefined,
    filters.endFrom ? sql`${contractTerms.endOn} >= ${filters.endFrom}::date` : undefined,
    filters.endTo ? sql`${contractTerms.endOn} <= ${filters.endTo}::date` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

/**
 * The conditions of the filters (and of the words, `tsquery` as a bound parameter of
 * to_tsquery, when there are any) over `filteredContracts`: the terms' (termConditions), and the
 * contract's own; the owner is the terms' owner or else whoever created the contract.
 */
export function filterConditions(
  ctx: ServiceContext,
  filters: SearchFilters,
  tsquery?: SQL,
): SQL | undefined {
  return and(
    ownContracts(ctx.actor),
    eq(contracts.isTemplate, false),
    tsquery ? sql`${contractSearch.document} @@ ${tsquery}` : undefined,
    filters.status ? eq(contracts.status, filters.status) : undefined,
    filters.projectId ? eq(contracts.projectId, filters.projectId) : undefined,
    ...termConditions(filters),
    filters.ownerId
      ? sql`coalesce(${contractTerms.ownerId}, ${contracts.createdBy}) = ${filters.ownerId}`
      : undefined,
    filters.createdFrom ? sql`${contracts.createdAt} >= ${day(filters.createdFrom)}` : undefined,
    filters.createdTo
      ? sql`${contracts.createdAt} < ${day(filters.createdTo)} + interval '1 day'`
      : undefined,
    filters.updatedFrom ? sql`${contracts.updatedAt} >= ${day(filters.updatedFrom)}` : undefined,
    filters.updatedTo
      ? sql`${contracts.updatedAt} < ${day(filters.updatedTo)} + interval '1 day'`
      : undefined,
  );
}

/** A row's terms and type, joined for the rows answered only. */
export const termsOfRow = (id: SQL) => sql`
  left join ${contractTerms} on ${contractTerms.contractId} = ${id}
  left join ${contractTypes} on ${contractTypes.id} = ${contractTerms.typeId}`;
