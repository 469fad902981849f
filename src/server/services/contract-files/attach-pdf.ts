import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { ContractFile } from '../../../shared/api/contract-files';
import { AppError } from '../../../shared/errors';
import { fieldLimits } from '../../../shared/fields';
import { pdfFileLimits } from '../../../shared/pdf-file';
import { isEditable } from '../../../shared/statuses';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { contractFields, contractFiles } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { presentContractFile } from '../../presenters/contract-file';
import { enqueue } from '../../queue/job-type';
import { authorOf } from '../history/author-of';
import { reviseDraft } from '../lifecycle/revise-draft';
import { transition } from '../lifecycle/transition';
import { readFileTextJob } from '../search/read-file-text-job';
import { contractFileRows } from './contract-file-rows';
import type { StoredPdf } from './store-uploaded-pdf';

export type AttachOptions = {
  /** A PDF of the draft the new one takes the place of (its position). */
  replaces?: string | undefined;
  baseRevision?: number | undefined;
  /** The drafted text moves after this PDF (a contract made from a PDF). */
  textAfter?: boolean;
};

const tooMany = () =>
  new AppError(
    'INVALID_INPUT',
    `A contract may hold at most ${pdfFileLimits.filesPerContract} PDFs. Remove one, or combine them into one file.`,
  );

/**
 * Refuses early, before an upload is inspected and stored, what attaching it would refuse anyway:
 * a contract that is not the actor's or not a draft, or one already holding the most PDFs.
 */
export async function checkAttachable(
  ctx: ServiceContext,
  contractId: string,
  replacing: boolean,
): Promise<void> {
  const row = await findOwnContract(ctx.db, ctx.actor, contractId, { kind: 'either', content: false });
  if (!isEditable(row.status)) {
    throw new AppError('CONTRACT_NOT_EDITABLE', `This contract is ${row.status} and can no longer be edited`);
  }
  if (replacing) return;
  const files = await contractFileRows(ctx.db, contractId);
  if (files.length >= pdfFileLimits.filesPerContract) throw tooMany();
}

/**
 * Adds a stored PDF to a draft (or a template): after its other PDFs and its text, or in the place
 * of the one it replaces. A new revision of the draft, with its history entry and event; approvals
 * given to the documents as they were are withdrawn.
 */
export async function attachPdf(
  ctx: ServiceContext,
  contractId: string,
  stored: StoredPdf,
  options: AttachOptions = {},
): Promise<{ file: ContractFile; revision: number }> {
  const { db, actor } = ctx;
  return db.transaction(async (tx) => {
    const row = await findOwnContract(tx, actor, contractId, {
      kind: 'either',
      forUpdate: true,
      content: false,
    });
    const existing = await contractFileRows(tx, contractId);
    const replaced = options.replaces ? existing.find((file) => file.id === options.replaces) : undefined;
    if (options.replaces && !replaced)
      throw new AppError('NOT_FOUND', 'That PDF is not one of this contract’s');
    if (!replaced && existing.length >= pdfFileLimits.filesPerContract) throw tooMany();
    // After the other PDFs; a text that came after them all stays last (the drafted text is
    // before every PDF whose position is at least its own).
    const last = existing.at(-1)?.position ?? -1;
    const position = replaced?.position ?? Math.max(last + 1, existing.length > 0 ? 0 : row.textPosition);
    const textStaysLast = !replaced && existing.length > 0 && row.textPosition > last;
    const textPosition = options.textAfter || textStaysLast ? position + 1 : undefined;
    const now = new Date();
    const author = authorOf(actor);
    const id = randomUUID();
    const fileFacts = {
      fileId: id,
      name: stored.name,
      pages: String(stored.pageCount),
      sha256: stored.sha256,
    };
    await reviseDraft(tx, {
      contract: row,
      baseRevision: options.baseRevision,
      version: { kind: 'edited', editSession: null },
      ...(textPosition === undefined ? {} : { set: { textPosition } }),
      why: replaced ? `the PDF “${replaced.name}” was replaced` : `the PDF “${stored.name}” was added`,
      documentsChanged: true,
      author,
      at: now,
      step: () => ({ step: 'contract.file_added', facts: fileFacts }),
    });
    const [inserted] = await tx
      .insert(contractFiles)
      .values({
        id,
        contractId,
        position,
        name: stored.name,
        sha256: stored.sha256,
        byteSize: stored.byteSize,
        pageCount: stored.pageCount,
        pages: stored.pages,
        formFieldCount: stored.formFieldCount,
        signatureCount: stored.signatureCount,
        signatures: stored.signatures,
        activeContent: stored.activeContent,
        createdBy: actor.userId,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('The PDF was not stored');
    // Its text for search, read once per file: a file read before is found so by the job.
    await enqueue(tx, readFileTextJob, { sha256: stored.sha256 }, { organizationId: row.organizationId });
    if (!replaced) await placeFoundFields(tx, contractId, id, stored.formFields);
    else {
      // Its fields move to the new file, on the pages it still has; the rest go with the old one.
      const moved = await tx
        .update(contractFields)
        .set({ fileId: id })
        .where(and(eq(contractFields.fileId, replaced.id), lt(contractFields.page, stored.pageCount)))
        .returning({ id: contractFields.id });
      // A replacement that brings no fields over places the new file's own form fields.
      if (moved.length === 0) await placeFoundFields(tx, contractId, id, stored.formFields);
      await tx.delete(contractFiles).where(eq(contractFiles.id, replaced.id));
      await transition(tx, {
        contract: row,
        step: 'contract.file_removed',
        facts: { fileId: replaced.id, name: replaced.name, sha256: replaced.sha256 },
        author,
        at: now,
      });
    }

    return {
      file: presentContractFile(inserted),
      revision: row.revision + 1,
    };
  });
}

/** The PDF's own form fields become fields of the contract, for the sender to assign (or remove). */
async function placeFoundFields(
  tx: Database,
  contractId: string,
  fileId: string,
  found: StoredPdf['formFields'],
): Promise<void> {
  if (found.length === 0) return;
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(contractFields)
    .where(eq(contractFields.contractId, contractId));
  const room = Math.max(0, fieldLimits.fieldsPerContract - count);
  if (room === 0) return;
  await tx
    .insert(contractFields)
    .values(found.slice(0, room).map((field) => ({ ...field, contractId, fileId, signer: null })));
}
