import type { ContractFile } from '../../shared/api/contract-files';
import type { ContractFileRow } from '../db/schema';

export function presentContractFile(row: ContractFileRow): ContractFile {
  return {
    id: row.id,
    name: row.name,
    byteSize: row.byteSize,
    sha256: row.sha256,
    pageCount: row.pageCount,
    pages: row.pages,
    formFieldCount: row.formFieldCount,
    signatureCount: row.signatureCount,
    signatures: row.signatures,
    activeContent: row.activeContent,
    createdAt: row.createdAt.toISOString(),
  };
}
