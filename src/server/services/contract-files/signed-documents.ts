import { eq } from 'drizzle-orm';
import type { SigningFieldAttrs } from '../../../editor/signing-field-values';
import { inDocumentOrder } from '../../../shared/document-order';
import { AppError } from '../../../shared/errors';
import { fieldLimits, fieldTypeNames } from '../../../shared/fields';
import { formatCount } from '../../../shared/limits';
import type { Database } from '../../db/client';
import { type ContractFileRow, contractFields, contractFiles } from '../../db/schema';
import type { FileStore } from '../../uploads/file-store';

/** An uploaded PDF with its bytes, as the send joins it into the document that is signed. */
export type SignedFile = Pick<
  ContractFileRow,
  'id' | 'position' | 'pageCount' | 'signatureCount' | 'name' | 'sha256'
> & {
  bytes: Uint8Array;
};

/** The uploaded PDFs of a contract with their bytes, in order, for the document that is signed. */
export async function signedFiles(files: FileStore, rows: readonly ContractFileRow[]): Promise<SignedFile[]> {
  const read = [];
  for (const row of rows) {
    const bytes = await files.read(row.sha256);
    if (!bytes) throw new Error(`The stored file ${row.sha256} of "${row.name}" is missing`);
    read.push({
      id: row.id,
      pageCount: row.pageCount,
      signatureCount: row.signatureCount,
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      position: row.position,
      name: row.name,
      sha256: row.sha256,
    });
  }
  return read;
}

/**
 * Every field placed on the PDFs is for one of the contract's signers: a field found in the PDF's
 * own form waits for the sender to assign it, and a tag's `:3` needs a third signer. Returns how
 * many there are.
 */
export async function checkPlacedFieldsAssigned(
  db: Database,
  contractId: string,
  signerCount: number,
): Promise<number> {
  const rows = await db
    .select({ field: contractFields, fileName: contractFiles.name })
    .from(contractFields)
    .innerJoin(contractFiles, eq(contractFiles.id, contractFields.fileId))
    .where(eq(contractFields.contractId, contractId));
  const unassigned = rows.filter((row) => row.field.signer === null);
  if (unassigned.length > 0) {
    const [first] = unassigned;
    throw new AppError(
      'INVALID_INPUT',
      `${unassigned.length === 1 ? 'A field' : `${unassigned.length} fields`} on “${first?.fileName}” ${unassigned.length === 1 ? 'is' : 'are'} not assigned to a signer. Assign or remove ${unassigned.length === 1 ? 'it' : 'them'} before sending.`,
      'fields',
    );
  }
  const beyond = rows.find((row) => (row.field.signer ?? 0) > signerCount);
  if (beyond) {
    throw new AppError(
      'INVALID_INPUT',
      `A field on “${beyond.fileName}” is for signer ${beyond.field.signer}, but this contract has ${signerCount === 1 ? 'one signer' : `${signerCount} signers`}. Add a signer or remove the field.`,
      'fields',
    );
  }
  return rows.length;
}

/**
 * Where each PDF starts in the document sent for signing, as freezeContract joins them, and where
 * the text starts (null when it is not included; of `text.pages` when it is).
 */
export function firstPages(
  files: readonly { id: string; position: number; pageCount: number }[],
  text: { position: number; pages: number } | null,
): { files: Map<string, number>; text: number | null } {
  const starts = new Map<string, number>();
  let textStart: number | null = null;
  let page = 0;
  for (const part of inDocumentOrder(files, text?.position ?? 0)) {
    if (part.kind === 'text') {
      if (text) textStart = page;
      page += text?.pages ?? 0;
    } else {
      starts.set(part.file.id, page);
      page += part.file.pageCount;
    }
  }
  return { files: starts, text: textStart };
}

/**
 * Every signing field written in the drafted text is for one of the contract's signers, and the
 * text's and the PDFs' fields together stay within the limit a contract has.
 */
export function checkTextFieldsAssigned(
  fields: readonly SigningFieldAttrs[],
  signerCount: number,
  pdfFieldCount: number,
): void {
  const beyond = fields.find((field) => field.signer > signerCount);
  if (beyond) {
    throw new AppError(
      'INVALID_INPUT',
      `A ${fieldTypeNames[beyond.type].toLowerCase()} field in the text is for signer ${beyond.signer}, but this contract has ${signerCount === 1 ? 'one signer' : `${signerCount} signers`}. Add a signer or remove the field.`,
      'content',
    );
  }
  if (fields.length + pdfFieldCount > fieldLimits.fieldsPerContract) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `This contract has ${formatCount(fields.length + pdfFieldCount)} fields; at most ${formatCount(fieldLimits.fieldsPerContract)} can be signed in one contract.`,
      'content',
    );
  }
}

/**
 * A PDF that already carries digital signatures (the other side signed it first) is completed by
 * incremental updates after its own bytes, which keeps them valid; joined with other documents
 * it would be written anew and they would break. So it is sent only as the contract's one
 * document, rather than sent and sealed with those signatures silently made invalid.
 */
export function checkSignedFileAlone(
  files: readonly { name: string; signatureCount: number }[],
  includeText: boolean,
): void {
  const signed = files.find((file) => file.signatureCount > 0);
  if (signed && (files.length > 1 || includeText)) {
    throw new AppError(
      'INVALID_INPUT',
      `“${signed.name}” already carries a digital signature: it can only be sent as the contract's one document, since joining it with ${includeText ? 'the drafted text' : 'other PDFs'} would break that signature. Send it on its own${includeText ? ' (clear the drafted text)' : ''}, or upload a copy without signatures.`,
      'files',
    );
  }
}
