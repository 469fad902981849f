import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { EditorDocument } from '../../../shared/api/editor-document';
import type { VersionKind } from '../../../shared/enums';
import type { Database } from '../../db/client';
import { contractVersions } from '../../db/schema';

export type VersionInput = {
  contractId: string;
  kind: VersionKind;
  title: string;
  content: EditorDocument;
  author: { id: string | null; name: string };
  at: Date;
  /** For 'edited': the editor session that saved. */
  editSession?: string | null;
  restoredFrom?: number | null;
};

/**
 * Records a version in the caller's transaction (which holds the contract's row lock, so numbers
 * never collide). A save of an editing session that already made the latest version updates that
 * version instead: a version is a session's work, not each click of Save. Returns its number
 * and the database's hash of its content.
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
  if (sameSession) {
    const [updated] = await tx
      .update(contractVersions)
      .set({
        title: input.title,
        content: input.content,
        contentHash: versionContentHash(input.content),
        updatedAt: input.at,
      })
      .where(eq(contractVersions.id, latest.id))
      .returning(recorded);
    if (updated) return updated;
  }
  const number = (latest?.number ?? 0) + 1;
  const [inserted] = await tx
    .insert(contractVersions)
    .values({
      contractId: input.contractId,
      number,
      kind: input.kind,
      title: input.title,
      content: input.content,
      contentHash: versionContentHash(input.content),
      authorId: input.author.id,
      authorName: input.author.name,
      editSession: input.kind === 'edited' ? (input.editSession ?? null) : null,
      restoredFrom: input.restoredFrom ?? null,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning(recorded);
  if (!inserted) throw new Error('The version was not recorded');
  return inserted;
}

const recorded = { number: contractVersions.number, contentHash: contractVersions.contentHash };

/**
 * A version's hash, computed by the database as it stores the content: SHA-256 of the content's
 * canonical text (PostgreSQL's jsonb output: keys sorted, no insignificant space), so anyone with
 * the stored JSON can recompute it.
 */
function versionContentHash(content: EditorDocument): SQL<string> {
  return sql<string>`encode(sha256(convert_to((${JSON.stringify(content)})::jsonb::text, 'UTF8')), 'hex')`;
}
