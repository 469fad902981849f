import { and, eq, inArray } from 'drizzle-orm';
import type { BulkTermsInput, ContractTerms, UpdateTermsInput } from '../../../shared/api/terms';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { contracts } from '../../db/schema';
import { findOwnContract, ownContracts } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { termsOf } from './terms-of';
import { writeTerms } from './write-terms';

/** A contract's or template's terms. */
export async function getTerms(ctx: ServiceContext, contractId: string): Promise<ContractTerms> {
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { content: false });
  const [terms] = await termsOf(ctx.db, [contract.id]);
  if (!terms) throw new AppError('NOT_FOUND', 'Contract not found');
  return terms;
}

/**
 * Changes a contract's terms, at any status, as any member of its team: they describe the
 * agreement and never touch its documents (a sealed PDF stays as it was sealed).
 */
export async function updateTerms(
  ctx: ServiceContext,
  contractId: string,
  input: UpdateTermsInput,
): Promise<ContractTerms> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const contract = await findOwnContract(tx, actor, contractId, { content: false, forUpdate: true });
    await writeTerms(tx, { contract, input, author: authorOf(actor), source: 'member', at: clock.now() });
  });
  return getTerms(ctx, contractId);
}

/**
 * One change to many contracts of the organization (the list's bulk edit): the same terms set
 * on each, tags added or removed. Each contract is changed in a transaction of its own, so a
 * long edit holds one contract's lock at a time; a refusal for one (an id not found, terms that
 * do not fit together) stops the edit there, and says which contract.
 */
export async function bulkUpdateTerms(
  ctx: ServiceContext,
  input: BulkTermsInput,
): Promise<{ changed: number; unchanged: number }> {
  const { db, actor } = ctx;
  const ids = [...new Set(input.contractIds)];
  // Every id is checked first, so an edit naming a contract of another organization changes nothing.
  const found = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(inArray(contracts.id, ids), ownContracts(actor), eq(contracts.isTemplate, false)));
  if (found.length !== ids.length) {
    const missing = ids.find((id) => !found.some((row) => row.id === id));
    throw new AppError('NOT_FOUND', `Contract not found: ${missing}`, 'contractIds');
  }
  let changed = 0;
  for (const id of ids) {
    const done = await db.transaction(async (tx) => {
      const contract = await findOwnContract(tx, actor, id, { content: false, forUpdate: true });
      let tags: string[] | undefined;
      if (input.addTags || input.removeTags) {
        const [current] = await termsOf(tx, [id]);
        const removed = new Set(input.removeTags ?? []);
        tags = [...new Set([...(current?.tags ?? []), ...(input.addTags ?? [])])].filter(
          (tag) => !removed.has(tag),
        );
      }
      try {
        return await writeTerms(tx, {
          contract,
          input: { ...input.set, ...(tags ? { tags } : {}) },
          author: authorOf(actor),
          source: 'bulk',
          at: clock.now(),
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_INPUT') {
          throw new AppError('INVALID_INPUT', `"${contract.title}": ${error.message}`, error.field);
        }
        throw error;
      }
    });
    if (done) changed += 1;
  }
  return { changed, unchanged: ids.length - changed };
}
