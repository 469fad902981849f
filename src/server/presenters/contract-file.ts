import type { ContractFile } from '../../shared/api/contract-files';
import type { ContractFileRow, FileTextRow } from '../db/schema';

/** What the file's answer says of its text for search: which pages are not searchable. */
export type FileTextPages = Pick<FileTextRow, 'textlessPages' | 'unreadPages'>;

export function presentContractFile(row: ContractFileRow, text: FileTextPages | null = null): ContractFile {
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
    search: text
      ? {
          scannedPages: text.textlessPages,
          unsearchablePages: [...new Set([...text.textlessPages, ...text.unreadPages])].sort((a, b) => a - b),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}
