import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContractHead, contractTerms, termFields } from '../../db/schema';
import type { HistoryAuthor } from '../lifecycle/append-history';
import { followMergeFields } from './merge-field-terms';
import { rewriteDeadlines } from './write-terms';

/**
 * A new contract or template starts with the terms of what it was made from (a template's are
 * its defaults: a type, a renewal, a notice period, the terms its merge fields fill), then the
 * terms that follow a merge field take the new draft's values.
 */
export async function copyTerms(
  tx: Database,
  fromId: string,
  to: Pick<ContractHead, 'id' | 'organizationId' | 'status' | 'isTemplate'>,
  document: string,
  author: HistoryAuthor,
  at: Date,
): Promise<void> {
  const [source] = await tx.select().from(contractTerms).where(eq(contractTerms.contractId, fromId));
  if (!source || source.organizationId !== to.organizationId) return;
  const copied = { ...source, contractId: to.id, updatedAt: at };
  await tx.insert(contractTerms).values(copied).onConflictDoNothing();
  const fields = await tx.select().from(termFields).where(eq(termFields.organizationId, to.organizationId));
  await rewriteDeadlines(tx, to, copied, fields);
  await followMergeFields(tx, to, document, author, at);
}
