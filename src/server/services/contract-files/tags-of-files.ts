import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractFields } from '../../db/schema';
import type { TagOnPage } from '../../pdf/tag-text';

/**
 * The text tags a contract's fields were placed at, by PDF: where the send takes their glyphs out
 * of the document (pdf/tag-text.ts), wherever the field itself was moved since.
 */
export async function tagsOfFiles(db: Database, contractId: string): Promise<Map<string, TagOnPage[]>> {
  const rows = await db
    .select({ fileId: contractFields.fileId, page: contractFields.page, box: contractFields.tagBox })
    .from(contractFields)
    .where(and(eq(contractFields.contractId, contractId), isNotNull(contractFields.tagBox)));
  const tags = new Map<string, TagOnPage[]>();
  for (const { fileId, page, box } of rows) {
    if (!fileId || !box) continue;
    tags.set(fileId, [...(tags.get(fileId) ?? []), { page, box }]);
  }
  return tags;
}
