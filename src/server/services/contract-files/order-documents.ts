import { eq } from 'drizzle-orm';
import type { DocumentOrderInput, DocumentsChanged } from '../../../shared/api/contract-files';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { contractFiles } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { reviseDraft } from '../lifecycle/revise-draft';
import { contractFileRows } from './contract-file-rows';

/**
 * Puts a draft's documents (its PDFs and its drafted text) in the order given, which must name
 * each exactly once: the order they are signed in and the sealed PDF holds them in.
 */
export async function orderDocuments(
  ctx: ServiceContext,
  contractId: string,
  input: DocumentOrderInput,
): Promise<DocumentsChanged> {
  const { db, actor } = ctx;
  return db.transaction(async (tx) => {
    const row = await findOwnContract(tx, actor, contractId, {
      kind: 'either',
      forUpdate: true,
      content: false,
    });
    const files = await contractFileRows(tx, contractId);
    const expected = new Set<string>(['text', ...files.map((file) => file.id)]);
    const given = new Set(input.order);
    if (
      given.size !== input.order.length ||
      given.size !== expected.size ||
      [...given].some((id) => !expected.has(id))
    ) {
      throw new AppError(
        'INVALID_INPUT',
        "Name each of the contract's PDFs, and 'text' for its drafted text, exactly once.",
        'order',
      );
    }
    const unchanged = input.order.every((id, index) =>
      id === 'text' ? row.textPosition === index : files.find((file) => file.id === id)?.position === index,
    );
    if (unchanged) return { revision: row.revision };
    await reviseDraft(tx, {
      contract: row,
      baseRevision: input.baseRevision,
      version: { kind: 'edited', editSession: null },
      set: { textPosition: input.order.indexOf('text') },
      why: 'the documents were put in another order',
      documentsChanged: true,
      author: authorOf(actor),
      at: new Date(),
      step: () => ({ step: 'contract.updated', facts: { changed: 'documents' } }),
    });
    for (const [position, id] of input.order.entries()) {
      if (id !== 'text') await tx.update(contractFiles).set({ position }).where(eq(contractFiles.id, id));
    }
    return { revision: row.revision + 1 };
  });
}
