import type { EditorDocument } from '../../../shared/api/editor-document';
import { hasDraftedText } from '../../../shared/drafted-text';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import type { ContractRow } from '../../db/schema';
import { TaskRefusal } from '../../workers/task-refusal';
import { contractFileRows } from '../contract-files/contract-file-rows';
import { checkSignedFileAlone, signedFiles } from '../contract-files/signed-documents';
import { tagsOfFiles } from '../contract-files/tags-of-files';

/**
 * A draft as it is sent: its text and its PDFs (those of the contract `draft.id`) frozen to one PDF
 * in the PDF thread, printed with `reference` and `sentAt`. What sending renders, and what a bulk
 * send's preview of a row renders from the template with the row's text and the id its contract
 * will have.
 */
export async function freezeDraft(
  ctx: ServiceContext<'pdf' | 'files'>,
  draft: Pick<ContractRow, 'id' | 'textPosition'> & { title: string; content: EditorDocument },
  print: { reference: string; sentAt: Date },
) {
  const { db, actor, pdf } = ctx;
  // Refused before 500 MB of PDFs are read for nothing.
  const fileRows = await contractFileRows(db, draft.id);
  const includeText = fileRows.length === 0 || hasDraftedText(draft.content);
  checkSignedFileAlone(fileRows, includeText);
  const files = await signedFiles(ctx.files, fileRows);
  const tags = await tagsOfFiles(db, draft.id);
  const frozen = await pdf
    .freezeContract(
      {
        title: draft.title,
        content: draft.content,
        organizationName: actor.organizationName,
        reference: print.reference,
        sentAt: print.sentAt,
        files: files.map((file) => ({ ...file, tags: tags.get(file.id) ?? [] })),
        textPosition: draft.textPosition,
        includeText,
      },
      actor.organizationId,
    )
    .catch((error: unknown) => {
      // What the document itself stands in the way of (a signed PDF that cannot be added to) is the sender's to fix.
      if (error instanceof TaskRefusal) throw new AppError('INVALID_INPUT', error.message, 'files');
      throw error;
    });
  return { frozen, files, includeText };
}
