import { deflateSync } from 'node:zlib';
import { PDF, PdfName, type PdfRef, PdfStream, type Signer } from '@libpdf/core';
import { TaskRefusal } from '../workers/task-refusal';
import type { CompletionWriter } from './completion-writer';
import { drawFields, type FieldsByPage, type OverlaySurface } from './draw-fields';
import { fillOwnForm, writeFieldsInPlace } from './fields-in-place';
import { visibleBox } from './page-geometry';
import type { SealingCertificate } from './pkcs12-certificate';
import { type SealInput, signatureRoom } from './seal-pdf';
import { sealingKeyOf } from './sealing-key';
import { timestampAuthority } from './timestamp-digest';

/**
 * A completion written as incremental updates after the frozen document's bytes, which stay as
 * they are. A PDF that already carries digital signatures (the other side signed it first) must be
 * completed so, since its signatures cover those bytes; a contract of uploaded PDFs is completed so
 * when it can be, since it saves writing the whole document (up to 500 MB of PDFs) twice more.
 * pdf-lib rewrites a file whole, so this writer uses @libpdf/core, which appends.
 */
export class AppendingWriter implements CompletionWriter {
  private constructor(
    private doc: PDF,
    private readonly frozen: Uint8Array,
    /** A PDF signed by others first: no page's content or resources may change. */
    private readonly keepPages: boolean,
  ) {}

  /**
   * Opens a PDF signed by others first; refused when @libpdf/core could only rewrite it (a
   * linearized file, one it had to repair), which would break the signatures it carries.
   */
  static async open(frozen: Uint8Array): Promise<AppendingWriter> {
    const doc = await PDF.load(frozen);
    const blocker = doc.canSaveIncrementally();
    if (blocker) {
      throw new TaskRefusal(
        `This PDF cannot be added to without rewriting it (${blockerReasons[blocker] ?? blocker}), which would break the signatures it carries. Ask its signer for a copy saved without that, or upload one without signatures.`,
      );
    }
    return new AppendingWriter(doc, frozen, true);
  }

  /** Opens a document of uploads when it can be added to as it is; null when it would have to be rewritten. */
  static async openIfAppendable(frozen: Uint8Array): Promise<AppendingWriter | null> {
    const doc = await PDF.load(frozen);
    return doc.canSaveIncrementally() ? null : new AppendingWriter(doc, frozen, false);
  }

  /**
   * A PDF signed by others first keeps every page as its signatures cover it: its own form is
   * filled and every other value is an annotation with its own appearance (fields-in-place.ts),
   * which its signatures allow. Any other has its own form filled and locked where a value stands
   * on one of its fields, and the rest drawn over its pages, as a rewritten document has.
   */
  async drawFields(fields: FieldsByPage): Promise<void> {
    if (fields.size === 0) return;
    if (this.keepPages) {
      for (const ref of await writeFieldsInPlace(this.doc, fields)) this.compress(ref);
      return;
    }
    const { rest, made } = await fillOwnForm(this.doc, fields);
    for (const ref of made) this.compress(ref);
    await drawFields(this.surface, rest);
  }

  private get surface(): OverlaySurface {
    const pageAt = (index: number) => {
      const page = this.doc.getPage(index);
      if (!page) throw new Error(`The document has no page ${index + 1}`);
      return page;
    };
    return {
      pageCount: () => this.doc.getPageCount(),
      pageBox: (index) => {
        const page = pageAt(index);
        return { box: visibleBox(page), rotation: page.rotation };
      },
      layOver: async (overlay, placed) => {
        const source = await PDF.load(overlay);
        for (const [position, { index, at }] of placed.entries()) {
          const layer = await this.doc.embedPage(source, position);
          this.compress(layer.ref);
          const { turned, ...box } = at;
          pageAt(index).drawPage(layer, { ...box, rotate: turned });
        }
      },
    };
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
      estimatedSize: signatureRoom(sealingKeyOf(input.certificate), input.tsaUrl !== undefined),
    });
    // A document certified to allow no such change (DocMDP) would show the seal as a breach.
    const violation = warnings.find((warning) => warning.code === 'MDP_VIOLATION');
    if (violation)
      throw new TaskRefusal(`This PDF's certification forbids adding to it: ${violation.message}`);
    // Whatever happened, any signatures it carried must still cover its first bytes, unchanged.
    const prefix = bytes.subarray(0, this.frozen.length);
    if (Buffer.compare(Buffer.from(prefix), Buffer.from(this.frozen)) !== 0) {
      throw new Error('The document was rewritten instead of added to; signatures it carried would break');
    }
    return bytes;
  }
}

const blockerReasons: Record<string, string> = {
  linearized: 'it is saved for fast web view',
  'brute-force-recovery': 'it is damaged and had to be repaired to be read',
};

/** The sealing key as @libpdf/core's signer: it builds the CMS, the key signs (sealing-key.ts). */
function keySigner(certificate: SealingCertificate): Signer {
  const key = sealingKeyOf(certificate);
  return {
    certificate: new Uint8Array(key.certificateDer),
    certificateChain: key.chainDer.slice(1).map((der) => new Uint8Array(der)),
    keyType: 'RSA',
    signatureAlgorithm: 'RSASSA-PKCS1-v1_5',
    sign: async (data) => new Uint8Array(key.sign(data)),
  };
}
