import type { EditorDocument } from '../../shared/api/editor-document';
import { formatLongDate } from './pdf-text';
import { contractBlocks } from './typst/contract-input';
import { frameInput } from './typst/frame-input';
import { printable } from './typst/printable-text';
import { compileTypst } from './typst/typst-compiler';

export type ContractPdfInput = {
  title: string;
  content: EditorDocument;
  organizationName: string;
  reference: string;
  sentAt: Date;
};

/** A field's box on a page of the drafted text, in fractions of the page from its top-left corner. */
export type TextFieldBox = { page: number; x: number; y: number; width: number; height: number };

/** A4 in points, as Typst lays it out. */
const a4 = { width: 595.2756, height: 841.8898 };

type FieldLanding = { index: number; page: number; x: number; y: number; w: number; h: number };

/**
 * The contract as sent for signing: the PDF (tagged, PDF/A-3b), its page count, and where each signing field
 * written in its text landed (in document order), so the field is signed and drawn in place.
 * Every date in it comes from `sentAt` and nothing else varies, so the same input gives the same
 * bytes and the same hash.
 */
export async function renderContractPdf(
  input: ContractPdfInput,
): Promise<{ bytes: Uint8Array; pages: number; fields: TextFieldBox[] }> {
  const { blocks, fields: count } = contractBlocks(input.content);
  const compiled = compileTypst(
    'contract',
    {
      ...frameInput({ ...input, date: input.sentAt }),
      // The title printed large at the top (the document title, as tagged).
      subtitle: printable(
        `${input.organizationName} · Sent for signature on ${formatLongDate(input.sentAt)}`,
      ),
      blocks,
    },
    { standard: 'a-3b' },
  );
  const boxes: (TextFieldBox | null)[] = Array.from({ length: count }, () => null);
  for (const landing of compiled.query<FieldLanding>('pactum-field')) {
    // A field in a row repeated on every page (a table's header) is the one where it first shows.
    if (boxes[landing.index]) continue;
    boxes[landing.index] = {
      page: landing.page - 1,
      x: landing.x / a4.width,
      y: landing.y / a4.height,
      width: landing.w / a4.width,
      height: landing.h / a4.height,
    };
  }
  const fields = boxes.map((box, index) => {
    if (!box) throw new Error(`Signing field ${index + 1} was laid out but never drawn`);
    return box;
  });
  return { bytes: new Uint8Array(compiled.pdf), pages: compiled.pages, fields };
}
