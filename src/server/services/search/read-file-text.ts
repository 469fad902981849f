import { eq } from 'drizzle-orm';
import type { JobContext } from '../../context';
import { contractFiles, fileTexts } from '../../db/schema';
import type { PdfText } from '../../uploads/pdf-text';
import { TaskFailure } from '../../workers/task-failure';
import { TaskRefusal } from '../../workers/task-refusal';

/**
 * Reads a stored PDF's text layer for search, once per file (by its SHA-256), in the tag thread in
 * its organization's turn, and stores it; the insert's trigger refreshes the search documents of
 * every contract holding the file. A file the thread refuses or fails on is stored without text,
 * every page listed as unread (so the contract says so), rather than read again at the same cost.
 */
export async function readFileText(
  ctx: JobContext<'files' | 'uploads' | 'log'>,
  input: { sha256: string; organizationId: string | null },
): Promise<void> {
  const { db } = ctx;
  const [done] = await db
    .select({ sha256: fileTexts.sha256 })
    .from(fileTexts)
    .where(eq(fileTexts.sha256, input.sha256));
  if (done) return;
  const [file] = await db
    .select({ pageCount: contractFiles.pageCount })
    .from(contractFiles)
    .where(eq(contractFiles.sha256, input.sha256))
    .limit(1);
  if (!file) return;
  const bytes = await ctx.files.read(input.sha256);
  if (!bytes) return;
  let read: PdfText;
  try {
    read = await ctx.uploads.readPdfText(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      input.organizationId ?? 'none',
    );
  } catch (error) {
    if (!(error instanceof TaskRefusal || error instanceof TaskFailure)) throw error;
    ctx.log.warn({ sha256: input.sha256, reason: error.message }, 'PDF text not read');
    const every = Array.from({ length: file.pageCount }, (_, index) => index + 1);
    read = { text: '', textlessPages: [], unreadPages: every };
  }
  await db
    .insert(fileTexts)
    .values({ sha256: input.sha256, ...read })
    .onConflictDoNothing();
}
