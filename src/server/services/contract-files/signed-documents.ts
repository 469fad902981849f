import type { EditorDocument } from '../../../shared/api/editor-document';
import type { Database } from '../../db/client';
import type { FileStore } from '../../uploads/file-store';
import { contractFileRows } from './contract-file-rows';

type Node = { type?: string; text?: string; content?: Node[] };

/** Whether a draft's text has anything to sign: a word, or anything but empty paragraphs. */
export function hasDraftedText(content: EditorDocument): boolean {
  const visit = (node: Node): boolean =>
    (node.type === 'text' && (node.text ?? '').trim() !== '') ||
    (node.type !== undefined && !['doc', 'paragraph', 'text', 'hardBreak'].includes(node.type)) ||
    (node.content ?? []).some(visit);
  return visit(content as Node);
}

/** The uploaded PDFs of a contract with their bytes, in order, for the document that is signed. */
export async function signedFiles(
  db: Database,
  files: FileStore,
  contractId: string,
): Promise<{ bytes: Uint8Array; position: number; name: string; sha256: string }[]> {
  const rows = await contractFileRows(db, contractId);
  const read = [];
  for (const row of rows) {
    const bytes = await files.read(row.sha256);
    if (!bytes) throw new Error(`The stored file ${row.sha256} of "${row.name}" is missing`);
    read.push({
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      position: row.position,
      name: row.name,
      sha256: row.sha256,
    });
  }
  return read;
}
