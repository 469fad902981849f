import type { EditorDocument } from '../../shared/api/editor-document';
import { inDocumentOrder } from '../../shared/document-order';
import { refuseSignedActiveContent } from './active-content';
import { AppendingWriter } from './appending-writer';
import { joinUploadedPdfs, pageCount } from './assemble-pdf';
import type { TextFieldBox } from './render-contract-pdf';
import { renderContractPdf } from './render-contract-pdf';
import { type RenderedPdf, sha256Of } from './rendered-pdf';
import { uploadAsSent } from './sent-upload';
import type { TagOnPage } from './tag-text';

export type FreezeInput = {
  title: string;
  content: EditorDocument;
  organizationName: string;
  reference: string;
  sentAt: Date;
  /**
   * The uploaded PDFs, in order, and where the drafted text stands among them (left out when it
   * has no content). Without PDFs, the document is the text alone.
   */
  files?: {
    bytes: Uint8Array;
    position: number;
    signatureCount?: number;
    /** The text tags its fields were placed at: their glyphs are taken out of what is sent. */
    tags?: TagOnPage[];
  }[];
  textPosition?: number;
  includeText?: boolean;
};

/**
 * The document as sent, with how many of its pages the drafted text took and where the signing
 * fields written in the text landed (pages counted from the text's first page).
 */
export type FrozenPdf = RenderedPdf & { textPages: number; textFields: TextFieldBox[] };

/** The document as sent: what every signer reads and signs. */
export async function freezeContract(input: FreezeInput): Promise<FrozenPdf> {
  const files = input.files ?? [];
  if (files.length === 0) {
    // Typst counted the pages as it set them: the PDF is not parsed again to count them.
    const { bytes, pages, fields } = await renderContractPdf(input);
    return { bytes, sha256: sha256Of(bytes), pages, textPages: pages, textFields: fields };
  }
  const [only] = files;
  if (only && files.length === 1 && input.includeText === false && (only.signatureCount ?? 0) > 0) {
    // Signed by others already: sent exactly as uploaded, so their signatures still cover it.
    // Refused now, not after everyone signed, when it could not be completed without rewriting.
    await AppendingWriter.open(only.bytes);
    await refuseSignedActiveContent(only.bytes);
    const pages = await pageCount(only.bytes);
    return { bytes: only.bytes, sha256: sha256Of(only.bytes), pages, textPages: 0, textFields: [] };
  }
  const rendered = input.includeText === false ? null : await renderContractPdf(input);
  const text = rendered?.bytes ?? null;
  const parts: Uint8Array[] = [];
  for (const part of inDocumentOrder(files, input.textPosition ?? 0)) {
    // The uploads lose their own forms (their fields are the contract's) and their text tags'
    // glyphs; the text has neither.
    if (part.kind === 'pdf') parts.push(await uploadAsSent(part.file));
    else if (text) parts.push(text);
  }
  const bytes = await joinUploadedPdfs(parts);
  return {
    bytes,
    sha256: sha256Of(bytes),
    pages: await pageCount(bytes),
    textPages: rendered?.pages ?? 0,
    textFields: rendered?.fields ?? [],
  };
}
