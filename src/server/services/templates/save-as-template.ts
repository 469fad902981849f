import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { createContract } from '../contracts/create-contract';

/** Copies a contract's title and content into a new template; the contract itself is untouched. */
export async function saveAsTemplate(
  ctx: ServiceContext<'content'>,
  contractId: string,
  input: { id?: string },
): Promise<{ id: string; created: boolean }> {
  const { db, actor } = ctx;
  const source = await findOwnContract(db, actor, contractId, { kind: 'contract' });
  return createContract(
    ctx,
    { id: input.id, title: source.title, content: source.content, isTemplate: true, signers: [] },
    { from: 'contract', id: source.id, title: source.title },
  );
}
