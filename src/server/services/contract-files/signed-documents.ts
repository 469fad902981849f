import { eq } from 'drizzle-orm';
import type { EditorDocument } from '../../../shared/api/editor-document';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { contractFields } from '../../db/schema';
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
): Promise<
  { id: string; bytes: Uint8Array; position: number; pageCount: number; name: string; sha256: string }[]
> {
  const rows = await contractFileRows(db, contractId);
  const read = [];
  for (const row of rows) {
    const bytes = await files.read(row.sha256);
    if (!bytes) throw new Error(`The stored file ${row.sha256} of "${row.name}" is missing`);
    read.push({
      id: row.id,
      pageCount: row.pageCount,
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      position: row.position,
      name: row.name,
      sha256: row.sha256,
    });
  }
  return read;
}

/**
 * Fields placed on PDFs are kept and shown to the sender, but the signing page does not yet walk a
 * signer through them, nor the seal draw their values: a contract holding any is not sent, rather
 * than sealed with its fields left empty.
 */
export async function checkNoPlacedFields(db: Database, contractId: string): Promise<void> {
  const [field] = await db
    .select({ id: contractFields.id })
    .from(contractFields)
    .where(eq(contractFields.contractId, contractId))
    .limit(1);
  if (field) {
    throw new AppError(
      'INVALID_INPUT',
      'Fields placed on PDFs cannot be signed yet. Remove them to send this contract; its signers sign on the signature page.',
      'fields',
    );
  }
}

/**
 * Where each PDF starts in the document sent for signing, as freezeContract joins them: the text
 * (its `textPages`, when it is included) before every PDF whose position is at least its own.
 */
export function firstPages(
  files: readonly { id: string; position: number; pageCount: number }[],
  text: { position: number; pages: number } | null,
): Map<string, number> {
  const parts = files.map((file) => ({
    at: file.position,
    id: file.id as string | null,
    pages: file.pageCount,
  }));
  if (text) parts.push({ at: text.position - 0.5, id: null, pages: text.pages });
  const starts = new Map<string, number>();
  let page = 0;
  for (const part of parts.sort((a, b) => a.at - b.at)) {
    if (part.id) starts.set(part.id, page);
    page += part.pages;
  }
  return starts;
}
