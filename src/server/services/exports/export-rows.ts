import { sql } from 'drizzle-orm';
import type { ExportQuery } from '../../../shared/api/search';
import { searchLimits } from '../../../shared/limits';
import type { ServiceContext } from '../../context';
import { contracts, contractTerms, contractTypes, projects, users } from '../../db/schema';
import { filterConditions, filteredContracts } from '../search/search-filters';
import { searchTerms, tsqueryText } from '../search/search-terms';

/** The columns of an export, in order, with their headings. */
export const exportColumns = [
  { key: 'title', header: 'Title' },
  { key: 'status', header: 'Status' },
  { key: 'project', header: 'Project' },
  { key: 'counterparty', header: 'Counterparty' },
  { key: 'type', header: 'Type' },
  { key: 'value', header: 'Value' },
  { key: 'currency', header: 'Currency' },
  { key: 'effective', header: 'Effective' },
  { key: 'end', header: 'End' },
  { key: 'notice', header: 'Notice deadline' },
  { key: 'renewal', header: 'Renewal' },
  { key: 'owner', header: 'Owner' },
  { key: 'tags', header: 'Tags' },
  { key: 'created', header: 'Created' },
  { key: 'sent', header: 'Sent' },
  { key: 'signed', header: 'Signed' },
  { key: 'link', header: 'Link' },
] as const;
export type ExportColumn = (typeof exportColumns)[number]['key'];
/** A row of an export: text, or a number for the value; null when the contract has none. */
export type ExportRow = Record<ExportColumn, string | number | null>;

type Row = Omit<ExportRow, 'value' | 'link'> & {
  id: string;
  value: string | null;
  updated_at: Date | string;
  renewal_months: number | null;
};

/** Rows read per statement: a batch is the most an export holds at once. */
export const exportBatch = 1_000;

const utc = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * The rows of an export of the filtered contracts (and the words' matches, when there are any:
 * every match, unranked), most recently changed first, in batches read by keyset (the last
 * row's change time and id), so no statement and no batch grows with the export. Stops at
 * searchLimits.exported rows; `truncated` says whether there were more.
 */
export async function exportRows(ctx: ServiceContext<'appUrl'>, query: ExportQuery) {
  const words = query.q ? sql`to_tsquery('pactum_search', ${tsqueryText(searchTerms(query.q))})` : undefined;
  const from = filteredContracts(Boolean(words));
  const where = filterConditions(ctx, query, words);
  const beyond = await ctx.db.execute(sql`
    select exists (select 1 from ${from} where ${where} offset ${searchLimits.exported}) as truncated`);
  const truncated = Boolean((beyond as unknown as { rows: { truncated: boolean }[] }).rows[0]?.truncated);
  const link = (id: string) => new URL(`/contracts/${id}`, ctx.appUrl).href;

  async function* batches(): AsyncGenerator<ExportRow[]> {
    let after: { at: Date | string; id: string } | null = null;
    let left: number = searchLimits.exported;
    while (left > 0) {
      const cursor = after
        ? sql`and (${contracts.updatedAt}, ${contracts.id}) < (${new Date(after.at).toISOString()}::timestamptz, ${after.id}::uuid)`
        : sql``;
      const result = await ctx.db.execute(sql`
        select ${contracts.id} as id, ${contracts.updatedAt} as updated_at,
               ${contracts.title} as title, ${contracts.status}::text as status, ${projects.name} as project,
               ${contractTerms.counterpartyCompany} as counterparty, ${contractTypes.name} as type,
               ${contractTerms.value}::text as value, ${contractTerms.currency} as currency,
               ${contractTerms.effectiveOn}::text as effective, ${contractTerms.endOn}::text as end,
               (${contractTerms.endOn} - ${contractTerms.noticeDays})::text as notice,
               ${contractTerms.renewal}::text as renewal, ${contractTerms.renewalMonths} as renewal_months,
               coalesce(${users.name}, ${contracts.createdByName}) as owner,
               array_to_string(${contractTerms.tags}, ', ') as tags,
               ${utc(contracts.createdAt)} as created, ${utc(contracts.sentAt)} as sent,
               ${utc(contracts.completedAt)} as signed
        from ${from}
          left join ${contractTypes} on ${contractTypes.id} = ${contractTerms.typeId}
          left join ${projects} on ${projects.id} = ${contracts.projectId}
          left join ${users} on ${users.id} = coalesce(${contractTerms.ownerId}, ${contracts.createdBy})
        where ${where} ${cursor}
        order by ${contracts.updatedAt} desc, ${contracts.id} desc
        limit ${Math.min(exportBatch, left)}`);
      const rows = (result as unknown as { rows: Row[] }).rows;
      if (rows.length === 0) return;
      left -= rows.length;
      const last = rows.at(-1) as Row;
      after = { at: last.updated_at, id: last.id };
      yield rows.map(({ id, updated_at: _at, renewal_months, ...row }) => ({
        ...row,
        value: row.value === null ? null : Number(row.value),
        renewal:
          row.renewal === 'automatic' ? `automatic, ${renewal_months} months` : row.renewal ? 'none' : null,
        link: link(id),
      }));
      if (rows.length < exportBatch) return;
    }
  }

  return { truncated, batches: batches() };
}
