import type { Version, VersionSummary } from '../../shared/api/versions';
import type { ContractVersionRow } from '../db/schema';

export type VersionSummaryRow = Omit<ContractVersionRow, 'content'>;

/** A version as its list shows it: who made it, when and why, and its hash, not its content. */
export function presentVersionSummary(row: VersionSummaryRow): VersionSummary {
  return {
    number: row.number,
    kind: row.kind,
    title: row.title,
    contentHash: row.contentHash,
    author: { id: row.authorId, name: row.authorName },
    restoredFrom: row.restoredFrom,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentVersion(row: ContractVersionRow): Version {
  return { ...presentVersionSummary(row), content: row.content };
}
