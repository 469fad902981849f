import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { findOwnContract } from '../../policies/scope';
import { createContract } from '../contracts/create-contract';

/** Copies a contract's title and content into a new template; the contract itself is untouched. */
export async function saveAsTemplate(
  db: Database,
  actor: Actor,
  contractId: string,
  input: { id?: string },
): Promise<{ id: string; created: boolean }> {
  const source = await findOwnContract(db, actor, contractId, { kind: 'contract' });
  return createContract(
    db,
    actor,
    { id: input.id, title: source.title, content: source.content, isTemplate: true, signers: [] },
    { action: 'created', details: `Saved from contract: ${source.title}` },
  );
}
