import { desc, eq, sql } from 'drizzle-orm';
import type { VersionKind } from '../../../shared/enums';
import type { Database } from '../../db/client';
import { contracts, contractVersions } from '../../db/schema';

export type VersionInput = {
  contractId: string;
  kind: VersionKind;
  author: { id: string | null; name: string };
  at: Date;
  /** For 'edited': the editor session that saved. */
  editSession?: string | null;
  restoredFrom?: number | null;
};

/**
 * Records the contract's title and content as they stand in the caller's transaction as a
 * version (the caller holds the contract's row lock, so numbers never collide). A save of an
 * editing session that already made the latest version updates that version instead: a version
 * is a session's work, not each click of Save. Returns its number and the database's hash of
 * its content.
 */
export async function recordVersion(
  tx: Database,
  input: VersionInput,
): Promise<{ number: number; contentHash: string }> {
  const [latest] = await tx
    .select({
      id: contractVersions.id,
      number: contractVersions.number,
      kind: contractVersions.kind,
      editSession: contractVersions.editSession,
      authorId: contractVersions.authorId,
    })
    .from(contractVersions)
    .where(eq(contractVersions.contractId, input.contractId))
    .orderBy(desc(contractVersions.number))
    .limit(1);
  const sameSession =
    latest &&
    input.kind === 'edited' &&
    latest.kind === 'edited' &&
    input.editSession &&
    latest.editSession === input.editSession &&
    latest.authorId === input.author.id;
  // The title and content are copied from the contract's row inside the database: a 300-page
  // contract is 1.7 MB of JSON, and on the embedded database sending it again (encoded, then
  // parsed) runs on the server's only thread while every other query waits. The hash is the
  // database's: SHA-256 of the content's text as kept (schema/columns.ts `document`), which is
  // the JSON the API hands out for the version, so anyone holding it can recompute the hash.
  const current = sql`(select ${contracts.title} as title, ${contracts.content} as value
    from ${contracts} where ${contracts.id} = ${input.contractId}::uuid)`;
  const hash = sql`encode(sha256(convert_to(given.value::text, 'UTF8')), 'hex')`;
  if (sameSession) {
    const updated = await tx.execute(sql`
      update ${contractVersions}
      set title = given.title, content = given.value, content_hash = ${hash},
        updated_at = ${input.at.toISOString()}::timestamptz
      from ${current} as given
      where ${contractVersions.id} = ${latest.id}
      returning number, content_hash as "contentHash"`);
    const [row] = rowsOf(updated);
    if (row) return row;
  }
  const number = (latest?.number ?? 0) + 1;
  const inserted = await tx.execute(sql`
    insert into ${contractVersions} (contract_id, number, kind, title, content, content_hash,
      author_id, author_name, edit_session, restored_from, created_at, updated_at)
    select ${input.contractId}::uuid, ${number}::integer, ${input.kind}::version_kind,
      given.title, given.value, ${hash}, ${input.author.id}::uuid, ${input.author.name}::text,
      ${input.kind === 'edited' ? (input.editSession ?? null) : null}::text,
      ${input.restoredFrom ?? null}::integer,
      ${input.at.toISOString()}::timestamptz, ${input.at.toISOString()}::timestamptz
    from ${current} as given
    returning number, content_hash as "contentHash"`);
  const [row] = rowsOf(inserted);
  if (!row) throw new Error('The version was not recorded');
  return row;
}

type Recorded = { number: number; contentHash: string };
const rowsOf = (result: unknown) => (result as { rows: Recorded[] }).rows;
