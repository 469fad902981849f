import { sign } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDF, PdfName, type PdfRef, PdfStream, type Signer, type TimestampAuthority } from '@libpdf/core';
import { visibleBox } from '../uploads/page-geometry';
import { TaskRefusal } from '../workers/task-refusal';
import { type FieldsByPage, fieldOverlays, pagesWithFields } from './draw-fields';
import { fillOwnForm, writeFieldsInPlace } from './fields-in-place';
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

  /**
   * Fills the PDF's own form where a value stands on one of its fields and locks it
   * (fields-in-place.ts), and draws every other value over its page, as drawFields does for a
   * rewritten document.
   */
  async fillAndDrawFields(fields: FieldsByPage): Promise<void> {
    if (fields.size === 0) return;
    const { rest, made } = await fillOwnForm(this.doc, fields);
    for (const ref of made) this.compress(ref);
    await this.drawFields(rest);
  }

  private async drawFields(fields: FieldsByPage): Promise<void> {
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
   * Writes the filled fields without changing any page's content or resources (fields-in-place.ts):
   * the PDF's own form filled, every other value an annotation with its own appearance. For a PDF
   * signed by others first, whose signatures allow form filling, annotations and signing.
   */
  async writeFieldsInPlace(fields: FieldsByPage): Promise<void> {
    if (fields.size === 0) return;
    for (const ref of await writeFieldsInPlace(this.doc, fields)) this.compress(ref);
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
