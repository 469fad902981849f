import { PDF } from '@libpdf/core';
import { PDFDocument } from 'pdf-lib';
import { copyPartWithForm, joinForms, ownForm } from './joined-forms';

/**
 * Joins PDFs page by page. The result carries the first part's metadata (title, author, creation
 * date) and the latest date of all parts as its modification date, instead of pdf-lib's defaults
 * (its own producer and the current time): the same parts always give the same bytes, so a
 * document's hash can be recomputed.
 */
export async function concatenatePdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 0) throw new Error('Nothing to concatenate');
  const joined = await PdfJoin.start();
  for (const part of parts) await joined.append(part);
  return (await joined.save()).bytes;
}

/**
 * A PDF built part by part that can be saved after each part, as concatenatePdfs would join the
 * parts so far: a document sealed in stages (contract, signature pages, certificate) is parsed
 * once instead of once per stage.
 */
export class PdfJoin {
  private first: PDFDocument | undefined;
  private latest: Date | undefined;
  private constructor(private readonly out: PDFDocument) {}

  static async start(): Promise<PdfJoin> {
    return new PdfJoin(await PDFDocument.create({ updateMetadata: false }));
  }

  async append(part: Uint8Array): Promise<void> {
    const source = await PDFDocument.load(part, { updateMetadata: false });
    if (!this.first) {
      this.first = source;
      copyMetadata(source, this.out);
    }
    const date = source.getModificationDate() ?? source.getCreationDate();
    if (date && (!this.latest || date > this.latest)) {
      this.latest = date;
      this.out.setModificationDate(date);
    }
    const pages = await this.out.copyPages(source, source.getPageIndices());
    for (const page of pages) this.out.addPage(page);
  }

  /** The document joined so far, for a last step that writes it itself (the seal). */
  get document(): PDFDocument {
    return this.out;
  }

  /** The parts so far and their page count. */
  async save(): Promise<{ bytes: Uint8Array; pages: number }> {
    // Plain cross-reference tables: the PAdES placeholder step appends an incremental update,
    // which is safer on a classic xref than on object streams.
    const bytes = await this.out.save({ useObjectStreams: false });
    return { bytes, pages: this.out.getPageCount() };
  }
}

function copyMetadata(from: PDFDocument, to: PDFDocument) {
  const title = from.getTitle();
  const author = from.getAuthor();
  const subject = from.getSubject();
  const creator = from.getCreator();
  const producer = from.getProducer();
  const created = from.getCreationDate();
  if (title) to.setTitle(title, { showInWindowTitleBar: true });
  if (author) to.setAuthor(author);
  if (subject) to.setSubject(subject);
  if (creator) to.setCreator(creator);
  to.setProducer(producer ?? 'Pactum');
  if (created) to.setCreationDate(created);
}

/** Number of pages of a PDF. */
export async function pageCount(pdf: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.getPageCount();
}

/**
 * Joins the documents of a contract made partly of uploaded PDFs, from any producer: @libpdf/core
 * reads what pdf-lib refuses or misreads (files encrypted with an owner password only, broken
 * cross-references), and writes one plain document of all their pages, annotations included,
 * and of all their forms' fields (joined-forms.ts), which the seal fills.
 */
export async function joinUploadedPdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  const [first, ...rest] = parts;
  if (!first) throw new Error('Nothing to join');
  const joined = await PDF.load(first);
  const forms = [ownForm(joined)];
  for (const part of rest) forms.push(await copyPartWithForm(joined, await PDF.load(part)));
  joinForms(joined, forms);
  // The join keeps the first part's encryption (an owner password only: uploads needing one to
  // open are refused, and so are those whose owner forbids changes): the signed document is plain.
  if (joined.isEncrypted) joined.removeProtection();
  return joined.save();
}
