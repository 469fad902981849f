import { and, eq, isNull, sql } from 'drizzle-orm';
import { fieldLimits } from '../../../shared/fields';
import { isEditable } from '../../../shared/statuses';
import type { Database } from '../../db/client';
import { contractFields, contractFiles, contracts } from '../../db/schema';
import type { FileStore } from '../../uploads/file-store';
import type { TaggedField } from '../../uploads/text-tags';
import type { UploadEngine } from '../../uploads/upload-engine';
import { TaskFailure } from '../../workers/task-failure';
import { TaskRefusal } from '../../workers/task-refusal';

/** What reading a file's tags came to: the fields placed, and why none were read, if so. */
export type TagsPlaced = { placed: number; unread?: string };

/**
 * Places the fields a PDF's text tags ask for (`{{signature:1}}`), after its upload: reading its
 * text takes about 16 ms a page, too long to wait for in the upload. Done once per file
 * (`tags_read_at`), and only while the contract is a draft holding the file. The
 * fields come from the document itself, so the draft's revision stays: an editor open meanwhile
 * shows them when it next reads the contract. A file whose tags cannot be read (over the tag
 * reader's budget, or the upload thread failed on it) is settled as one without tags (`unread`
 * says why): reading it again would cost the thread the same, and fail the same way.
 */
export async function placeTaggedFields(
  deps: { db: Database; files: FileStore; uploads: UploadEngine },
  input: { contractId: string; fileId: string },
): Promise<TagsPlaced> {
  const { db } = deps;
  const [file] = await db
    .select({
      sha256: contractFiles.sha256,
      tagsReadAt: contractFiles.tagsReadAt,
      organizationId: contracts.organizationId,
    })
    .from(contractFiles)
    .innerJoin(contracts, eq(contracts.id, contractFiles.contractId))
    .where(and(eq(contractFiles.id, input.fileId), eq(contractFiles.contractId, input.contractId)));
  if (!file || file.tagsReadAt) return { placed: 0 };
  const bytes = await deps.files.read(file.sha256);
  if (!bytes) return { placed: 0 };
  let tagged: TaggedField[] = [];
  let unread: string | undefined;
  try {
    tagged = await deps.uploads.findTaggedFields(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      fieldLimits.fieldsPerContract,
      file.organizationId,
    );
  } catch (error) {
    if (!(error instanceof TaskRefusal || error instanceof TaskFailure)) throw error;
    unread = error.message;
  }
  const placed = await placeFields(db, input, tagged);
  return unread === undefined ? { placed } : { placed, unread };
}

/** The tagged fields placed, and the file marked read, while the contract is a draft. */
function placeFields(
  db: Database,
  input: { contractId: string; fileId: string },
  tagged: TaggedField[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const [contract] = await tx
      .select({ status: contracts.status })
      .from(contracts)
      .where(eq(contracts.id, input.contractId))
      .for('update');
    if (!contract || !isEditable(contract.status)) return 0;
    // Marked read in the same transaction as its fields are placed: a run again finds it done.
    const [still] = await tx
      .update(contractFiles)
      .set({ tagsReadAt: new Date() })
      .where(and(eq(contractFiles.id, input.fileId), isNull(contractFiles.tagsReadAt)))
      .returning({ id: contractFiles.id });
    if (!still || tagged.length === 0) return 0;
    const [{ total } = { total: 0 }] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(contractFields)
      .where(eq(contractFields.contractId, input.contractId));
    const room = Math.max(0, fieldLimits.fieldsPerContract - total);
    const placing = tagged.slice(0, room);
    if (placing.length > 0) {
      await tx
        .insert(contractFields)
        .values(placing.map((field) => ({ ...field, contractId: input.contractId, fileId: input.fileId })));
    }
    return placing.length;
  });
}
