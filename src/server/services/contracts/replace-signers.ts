import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signers } from '../../db/schema';
import type { HashedSigner } from './hash-access-codes';

type Checks = {
  accessCodeHash: string | null;
  accessCodeToSet: boolean;
  requireEmailCode: boolean;
  embedded: boolean;
};

/**
 * Sets a draft's recipient list: each recipient's number is their place in it (fields, witnesses
 * and names refer to it), and their group their number unless each says its own.
 * A signer's checks: `accessCodeHash` (made by hashAccessCodes before the transaction) sets a new
 * code, null removes it, and left out keeps what the signer with that id had; `requireEmailCode`
 * the same, without null, and so is `embedded` (reached by another app, not by e-mail). A signer not stored before starts with neither. A copy's signer may
 * wait for a code to be set (`accessCodeToSet`): setting or removing one ends the wait.
 */
export async function replaceSigners(
  tx: Database,
  contractId: string,
  list: HashedSigner[],
  now: Date,
): Promise<void> {
  const stored = await tx
    .select({
      id: signers.id,
      email: signers.email,
      accessCodeHash: signers.accessCodeHash,
      accessCodeToSet: signers.accessCodeToSet,
      requireEmailCode: signers.requireEmailCode,
      embedded: sql<boolean>`${signers.delivery} = 'embedded'`,
    })
    .from(signers)
    .where(eq(signers.contractId, contractId));
  const before = new Map<string, Checks>(stored.map(({ id, email: _email, ...checks }) => [id, checks]));
  // A code a copy waits for belongs to the person: a list saved again without ids (an API
  // client that rewrites it) must not drop the wait, so it is also found by e-mail address.
  const waitingByEmail = new Set(
    stored.flatMap((row) => (row.accessCodeToSet && row.email !== null ? [row.email] : [])),
  );
  const checks = list.map((signer): Checks => {
    const kept = signer.id ? before.get(signer.id) : undefined;
    return {
      accessCodeHash:
        signer.accessCodeHash === undefined ? (kept?.accessCodeHash ?? null) : signer.accessCodeHash,
      accessCodeToSet:
        signer.accessCodeHash === undefined
          ? (signer.accessCodeToSet ?? kept?.accessCodeToSet ?? waitingByEmail.has(signer.email ?? ''))
          : false,
      requireEmailCode: signer.requireEmailCode ?? kept?.requireEmailCode ?? false,
      embedded: signer.embedded ?? kept?.embedded ?? false,
    };
  });
  await tx.delete(signers).where(eq(signers.contractId, contractId));
  if (list.length === 0) return;
  await tx.insert(signers).values(
    list.map((signer, index) => ({
      ...(signer.id ? { id: signer.id } : {}),
      contractId,
      name: signer.name,
      email: signer.namedBy == null ? (signer.email ?? null) : null,
      role: signer.role,
      signingOrder: signer.signingOrder ?? index + 1,
      position: index + 1,
      witnessOf: signer.role === 'witness' ? (signer.witnessOf ?? null) : null,
      namedBy: signer.namedBy ?? null,
      accessCodeHash: checks[index]?.accessCodeHash ?? null,
      accessCodeToSet: checks[index]?.accessCodeToSet ?? false,
      requireEmailCode: checks[index]?.requireEmailCode ?? false,
      delivery: checks[index]?.embedded ? ('embedded' as const) : ('email' as const),
      createdAt: now,
    })),
  );
}
