import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signers } from '../../db/schema';
import type { SignerToStore } from './hash-access-codes';

/**
 * A contract's (or a template's) recipients as the list of a new draft made from it: one who
 * handed their turn on is left out (their delegate holds their number), and the others are
 * numbered again from 1 in their order, since a draft's numbers are places in its list while a
 * contract that was out may have gaps (a recipient removed keeps their number unused). A witness's
 * signer and who names whom follow the new numbers; `numberOf` maps the old numbers to the new, for
 * the fields that name their recipient (placed on the PDFs and in the text).
 */
export async function copyRecipients(
  db: Database,
  contractId: string,
): Promise<{
  list: (SignerToStore & { accessCodeToSet: boolean })[];
  numberOf: ReadonlyMap<number, number>;
}> {
  const rows = await db
    .select({
      position: signers.position,
      name: signers.name,
      email: signers.email,
      role: signers.role,
      signingOrder: signers.signingOrder,
      witnessOf: signers.witnessOf,
      namedBy: signers.namedBy,
      requireEmailCode: signers.requireEmailCode,
      embedded: sql<boolean>`${signers.delivery} = 'embedded'`,
      accessCodeToSet: sql<boolean>`${signers.accessCodeHash} is not null`,
    })
    .from(signers)
    .where(and(eq(signers.contractId, contractId), ne(signers.status, 'delegated')))
    .orderBy(asc(signers.position), asc(signers.createdAt));
  const numberOf = new Map(rows.map((row, index) => [row.position, index + 1]));
  const renumber = (ref: number | null) => (ref === null ? null : (numberOf.get(ref) ?? null));
  const list = rows.map(({ position: _position, ...row }) => ({
    ...row,
    witnessOf: renumber(row.witnessOf),
    namedBy: renumber(row.namedBy),
  }));
  return { list, numberOf };
}
