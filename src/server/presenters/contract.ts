import { getTableColumns } from 'drizzle-orm';
import type { Contract, ContractSummary } from '../../shared/api/contracts';
import { contracts, type signers } from '../db/schema';

type ContractRow = typeof contracts.$inferSelect;
export type SignerRow = typeof signers.$inferSelect;
export type ContractSummaryRow = Omit<ContractRow, 'content' | 'contentHtml'>;

/** The columns a summary needs: everything but the document itself. */
const { content: _content, contentHtml: _contentHtml, ...summaryColumns } = getTableColumns(contracts);
export const contractSummaryColumns = summaryColumns;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function presentSigner(row: SignerRow): ContractSummary['signers'][number] {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    signingOrder: row.signingOrder,
    viewedAt: iso(row.viewedAt),
    signedAt: iso(row.signedAt),
    declinedAt: iso(row.declinedAt),
    // Whether a code is asked, never the code or its hash.
    accessCodeRequired: row.accessCodeHash !== null,
    emailCodeRequired: row.requireEmailCode,
  };
}

/** Lists every field it returns, so nothing stored (such as a signing token's hash) can leak. */
export function presentContractSummary(
  row: ContractSummaryRow,
  signerRows: readonly SignerRow[],
): ContractSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    projectId: row.projectId,
    isTemplate: row.isTemplate,
    expiresAt: iso(row.expiresAt),
    sequential: row.sequential,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: { id: row.createdBy, name: row.createdByName },
    signers: signerRows.map(presentSigner),
  };
}

export function presentContract(row: ContractRow, signerRows: readonly SignerRow[]): Contract {
  return {
    ...presentContractSummary(row, signerRows),
    content: row.content,
    contentHtml: row.contentHtml,
  };
}
