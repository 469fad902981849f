import { getTableColumns } from 'drizzle-orm';
import type { Contract, ContractSummary } from '../../shared/api/contracts';
import type { EditorDocument } from '../../shared/api/editor-document';
import type { ContractFileRow, PdfFieldRow } from '../db/schema';
import { type ContractRow, contracts, type SignerRow, signers } from '../db/schema';
import { type FileTextPages, presentContractFile } from './contract-file';
import { presentPlacedField } from './placed-field';
import { RawJson } from './raw-json';

/**
 * The columns a summary shows, and no more: lists and the dashboard read 20 or 4 of them per
 * request, and every column read is sent by the database and parsed by the driver.
 */
const summaryKeys = [
  'id',
  'title',
  'status',
  'projectId',
  'isTemplate',
  'expiresAt',
  'sequential',
  'delegation',
  'createdAt',
  'updatedAt',
  'createdBy',
  'createdByName',
] as const satisfies readonly (keyof ContractRow)[];
export type ContractSummaryRow = Pick<ContractRow, (typeof summaryKeys)[number]>;
const contractColumns = getTableColumns(contracts);
export const contractSummaryColumns = Object.fromEntries(
  summaryKeys.map((key) => [key, contractColumns[key]]),
) as Pick<typeof contractColumns, (typeof summaryKeys)[number]>;

/** The same columns in the form of drizzle's relational queries (`columns: { … }`). */
export const contractSummaryRelationColumns = Object.fromEntries(
  summaryKeys.map((key) => [key, true]),
) as Record<(typeof summaryKeys)[number], true>;

/**
 * The signer columns a response shows. A signed signer's row also holds the signature image
 * (kilobytes of PNG) and the evidence of the signing, which no list or contract read shows.
 */
const signerKeys = [
  'id',
  'contractId',
  'name',
  'email',
  'status',
  'role',
  'signingOrder',
  'position',
  'witnessOf',
  'namedBy',
  'viewedAt',
  'signedAt',
  'approvedAt',
  'declinedAt',
  'delegatedFrom',
  'delegatedAt',
  'accessCodeHash',
  'accessCodeToSet',
  'requireEmailCode',
  'delivery',
] as const satisfies readonly (keyof SignerRow)[];
export type SignerSummaryRow = Pick<SignerRow, (typeof signerKeys)[number]>;
const signerTableColumns = getTableColumns(signers);
export const signerColumns = Object.fromEntries(
  signerKeys.map((key) => [key, signerTableColumns[key]]),
) as Pick<typeof signerTableColumns, (typeof signerKeys)[number]>;
/** The same columns in the form of drizzle's relational queries (`with: { signers: { columns } }`). */
export const signerRelationColumns = Object.fromEntries(signerKeys.map((key) => [key, true])) as Record<
  (typeof signerKeys)[number],
  true
>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function presentSigner(row: SignerSummaryRow): ContractSummary['signers'][number] {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    role: row.role,
    signingOrder: row.signingOrder,
    number: row.position,
    witnessOf: row.witnessOf,
    namedBy: row.namedBy,
    viewedAt: iso(row.viewedAt),
    signedAt: iso(row.signedAt),
    approvedAt: iso(row.approvedAt),
    declinedAt: iso(row.declinedAt),
    delegatedFrom: row.delegatedFrom,
    delegatedAt: iso(row.delegatedAt),
    // Whether a code is asked, never the code or its hash.
    accessCodeRequired: row.accessCodeHash !== null,
    accessCodeToSet: row.accessCodeToSet,
    emailCodeRequired: row.requireEmailCode,
    embedded: row.delivery === 'embedded',
  };
}

/** Lists every field it returns, so nothing stored (such as a signing token's hash) can leak. */
export function presentContractSummary(
  row: ContractSummaryRow,
  signerRows: readonly SignerSummaryRow[],
): ContractSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    projectId: row.projectId,
    isTemplate: row.isTemplate,
    expiresAt: iso(row.expiresAt),
    sequential: row.sequential,
    delegation: row.delegation,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: { id: row.createdBy, name: row.createdByName },
    signers: signerRows.map(presentSigner),
  };
}

export function presentContract(
  row: ContractSummaryRow &
    Pick<ContractRow, 'contentHtml' | 'revision' | 'textPosition'> & { contentJson: string },
  signerRows: readonly SignerSummaryRow[],
  fileRows: readonly (ContractFileRow & { text?: FileTextPages | null })[],
  fieldRows: readonly PdfFieldRow[],
): Contract {
  return {
    ...presentContractSummary(row, signerRows),
    // Its text, which the response serializer writes as it is, and JSON.stringify as the document.
    content: new RawJson(row.contentJson) as unknown as EditorDocument,
    contentHtml: row.contentHtml,
    files: fileRows.map((file) => presentContractFile(file, file.text ?? null)),
    fields: fieldRows.map(presentPlacedField),
    // As an index among the PDFs listed: positions may have gaps (a PDF removed).
    textPosition: fileRows.filter((file) => file.position < row.textPosition).length,
    revision: row.revision,
  };
}
