import { sign } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  PDF,
  PdfName,
  PdfNumber,
  type PdfRef,
  PdfStream,
  type SignatureField,
  type Signer,
  type TimestampAuthority,
} from '@libpdf/core';
import { displayedBox, visibleBox } from '../uploads/page-geometry';
import { widgetPages } from '../uploads/pdf-form-fields';
import { TaskRefusal } from '../workers/task-refusal';
import { type FieldsByPage, fieldOverlays, pagesWithFields } from './draw-fields';
import { type SealingCertificate, sealingKeyMaterial } from './pkcs12-certificate';
import { type SealInput, signatureRoom, timestampDigest } from './seal-pdf';

/**
 * A completion written as incremental updates after the frozen document's bytes, which stay as
 * they are. A PDF that already carries digital signatures (the other side signed it first) must be
 * completed so, since its signatures cover those bytes; a contract of uploaded PDFs is completed so
 * when it can be, since it saves writing the whole document (up to 500 MB of PDFs) twice more.
 * pdf-lib rewrites a file whole, so this path uses @libpdf/core, which appends.
 */
export class IncrementalCompletion {
  private constructor(private doc: PDF) {}

  /**
   * Opens the document to complete; refused when @libpdf/core could only rewrite it (a linearized
   * file, one it had to repair), which would break the signatures it carries.
   */
  static async open(frozen: Uint8Array): Promise<IncrementalCompletion> {
    const doc = await PDF.load(frozen);
    const blocker = doc.canSaveIncrementally();
    if (blocker) {
      throw new TaskRefusal(
        `This PDF cannot be added to without rewriting it (${blockerReasons[blocker] ?? blocker}), which would break the signatures it carries. Ask its signer for a copy saved without that, or upload one without signatures.`,
      );
    }
    return new IncrementalCompletion(doc);
  }

  /** Opens the document when it can be added to as it is; null when it would have to be rewritten. */
  static async openIfAppendable(frozen: Uint8Array): Promise<IncrementalCompletion | null> {
    const doc = await PDF.load(frozen);
    return doc.canSaveIncrementally() ? null : new IncrementalCompletion(doc);
  }

  /** Draws the filled fields over their pages, as drawFields does for a rewritten document. */
  async drawFields(fields: FieldsByPage): Promise<void> {
    const indexes = pagesWithFields(fields, this.doc.getPageCount());
    if (indexes.length === 0) return;
    const pages = indexes.map((index) => {
      const page = this.doc.getPage(index);
      if (!page) throw new Error(`The document has no page ${index + 1}`);
      return { index, page, box: visibleBox(page), rotation: page.rotation };
    });
    const { placed, overlay } = await fieldOverlays(pages, fields);
    const source = await PDF.load(overlay);
    for (const [position, { at }] of placed.entries()) {
      const layer = await this.doc.embedPage(source, position);
      this.compress(layer.ref);
      const { turned, ...box } = at;
      pages[position]?.page.drawPage(layer, { ...box, rotate: turned });
    }
  }

  /**
   * Compresses a stream made here with Node's zlib. The library would compress it when saving,
   * with pako, which took 60–80 ms of a 100-page completion for the overlays of 100 pages; zlib
   * takes a few. A stream given a filter is written as it is.
   */
  private compress(ref: PdfRef): void {
    const stream = this.doc.context.resolve(ref);
    if (!(stream instanceof PdfStream) || stream.has('Filter')) return;
    stream.setData(deflateSync(stream.data));
    stream.set('Filter', PdfName.of('FlateDecode'));
  }

  /**
   * Hides the document's own form widgets that the drawn values stand on: a PDF kept as it was
   * (signed by others first) still has its form, whose fields became the contract's, and a widget's
   * own appearance would be drawn over the value. A field already signed is never touched, and a
   * field nobody filled keeps its widget.
   */
  hideWidgetsUnder(fields: FieldsByPage): void {
    const form = this.doc.getForm();
    if (!form || fields.size === 0) return;
    const pageOf = widgetPages(this.doc);
    for (const field of form.getFields()) {
      if (field.type === 'signature' && (field as SignatureField).isSigned()) continue;
      const widgets = field.getWidgets();
      const covered = widgets.some((widget) => {
        const page = pageOf(widget);
        if (!page) return false;
        const box = displayedBox(widget.rect, visibleBox(page), page.rotation);
        return (fields.get(page.index) ?? []).some((drawn) => mostlyOver(box, drawn));
      });
      if (!covered) continue;
      // Hidden (bit 2): neither shown nor printed; the widget and its field stay in the file.
      for (const widget of widgets) widget.dict.set('F', PdfNumber.of(widget.flags | 2));
    }
  }

  /** Appends the pages of another PDF (the signature pages, the certificate). */
  async append(pdf: Uint8Array): Promise<void> {
    const source = await PDF.load(pdf);
    await this.doc.copyPagesFrom(
      source,
      Array.from({ length: source.getPageCount() }, (_, index) => index),
    );
  }

  /**
   * The document as it stands, its changes appended as one incremental update, which what comes
   * next is appended after (the objects it wrote count as written from then on).
   */
  async save(): Promise<Uint8Array> {
    const bytes = await this.doc.save({ incremental: true });
    this.doc = await PDF.load(bytes);
    return bytes;
  }

  pageCount(): number {
    return this.doc.getPageCount();
  }

  /** Seals it (PAdES, B-T with a time-stamping authority) in a last incremental update. */
  async seal(input: SealInput): Promise<Uint8Array> {
    const { bytes, warnings } = await this.doc.sign({
      signer: keySigner(input.certificate),
      reason: input.reason,
      ...(input.location ? { location: input.location } : {}),
      ...(input.contactInfo ? { contactInfo: input.contactInfo } : {}),
      signingTime: input.signingTime,
      subFilter: 'ETSI.CAdES.detached',
      ...(input.tsaUrl
        ? { level: 'B-T' as const, timestampAuthority: timestampAuthority(input.tsaUrl) }
        : { level: 'B-B' as const }),
      estimatedSize: signatureRoom(sealingKeyMaterial(input.certificate), input.tsaUrl !== undefined),
    });
    // A document certified to allow no such change (DocMDP) would show the seal as a breach.
    const violation = warnings.find((warning) => warning.code === 'MDP_VIOLATION');
    if (violation)
      throw new TaskRefusal(`This PDF's certification forbids adding to it: ${violation.message}`);
    return bytes;
  }
}

const blockerReasons: Record<string, string> = {
  linearized: 'it is saved for fast web view',
  'brute-force-recovery': 'it is damaged and had to be repaired to be read',
};

/** The sealing certificate's RSA key, signing as the seal does (PKCS#1 v1.5, SHA-256). */
function keySigner(certificate: SealingCertificate): Signer {
  const { certificateDer, chainDer, privateKeyPem } = sealingKeyMaterial(certificate);
  return {
    certificate: new Uint8Array(certificateDer),
    certificateChain: chainDer.slice(1).map((der) => new Uint8Array(der)),
    keyType: 'RSA',
    signatureAlgorithm: 'RSASSA-PKCS1-v1_5',
    sign: async (data) => new Uint8Array(sign('sha256', data, privateKeyPem)),
  };
}

/** The seal's own RFC 3161 client (its reply checked, its errors the task's refusals). */
const timestampAuthority = (tsaUrl: string): TimestampAuthority => ({
  timestamp: async (digest) => new Uint8Array(await timestampDigest(tsaUrl, Buffer.from(digest))),
});

type Box = { x: number; y: number; width: number; height: number };

/** Whether a drawn field covers most of a widget (both in fractions of the displayed page). */
function mostlyOver(widget: Box, drawn: Box): boolean {
  const width = Math.min(widget.x + widget.width, drawn.x + drawn.width) - Math.max(widget.x, drawn.x);
  const height = Math.min(widget.y + widget.height, drawn.y + drawn.height) - Math.max(widget.y, drawn.y);
  return width > 0 && height > 0 && width * height >= 0.5 * widget.width * widget.height;
}
