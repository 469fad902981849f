import { degrees, PDFDocument } from 'pdf-lib';
import { PdfJoin } from './assemble-pdf';
import type { CompletionWriter } from './completion-writer';
import { drawFields, type FieldsByPage, type OverlaySurface } from './draw-fields';
import { type SealInput, sealDocument } from './seal-pdf';

/**
 * A completion written whole with pdf-lib: the frozen document, its fields drawn on its pages and
 * the pages added after it are one document in memory, written once, with the seal's placeholder.
 * For a document Pactum wrote itself (the drafted text), or uploads that cannot be added to as
 * they are (appending-writer.ts).
 */
export class RewritingWriter implements CompletionWriter {
  private constructor(private readonly joined: PdfJoin) {}

  static async open(frozen: Uint8Array): Promise<RewritingWriter> {
    const joined = await PdfJoin.start();
    await joined.append(frozen);
    return new RewritingWriter(joined);
  }

  drawFields(fields: FieldsByPage): Promise<void> {
    return drawFields(this.surface, fields);
  }

  append(pdf: Uint8Array): Promise<void> {
    return this.joined.append(pdf);
  }

  async save(): Promise<Uint8Array> {
    return (await this.joined.save()).bytes;
  }

  async seal(input: SealInput): Promise<Uint8Array> {
    // Sealed as it is in memory: written once, with the seal's placeholder.
    return new Uint8Array(await sealDocument(this.joined.document, input));
  }

  pageCount(): number {
    return this.joined.document.getPageCount();
  }

  private get surface(): OverlaySurface {
    const doc = this.joined.document;
    return {
      pageCount: () => doc.getPageCount(),
      pageBox: (index) => {
        const page = doc.getPage(index);
        return { box: page.getCropBox(), rotation: page.getRotation().angle };
      },
      layOver: async (overlay, placed) => {
        const source = await PDFDocument.load(overlay, { updateMetadata: false });
        const embedded = await doc.embedPages(source.getPages());
        placed.forEach(({ index, at }, position) => {
          const layer = embedded[position];
          if (!layer) return;
          const { turned, ...box } = at;
          doc.getPage(index).drawPage(layer, { ...box, rotate: degrees(turned) });
        });
      },
    };
  }
}
