import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { signers } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { createContract } from './create-contract';

/** A new draft with the same content, project and signers as a contract in any status. */
export async function duplicateContract(
  db: Database,
  actor: Actor,
  contractId: string,
  input: { id?: string },
): Promise<{ id: string; created: boolean }> {
  const source = await findOwnContract(db, actor, contractId, { kind: 'contract' });
  const people = await db
    .select({ name: signers.name, email: signers.email })
    .from(signers)
    .where(eq(signers.contractId, contractId))
    .orderBy(asc(signers.signingOrder), asc(signers.createdAt));
  const title = `${source.title} (copy)`.slice(0, 200);
  return createContract(
    db,
    actor,
    {
      id: input.id,
      title,
      content: source.content,
      projectId: source.projectId ?? undefined,
      isTemplate: false,
      signers: people,
    },
    { action: 'created', details: `Duplicated from: ${source.title}` },
  );
}
