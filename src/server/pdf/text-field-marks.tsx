import { deflateSync } from 'node:zlib';
import { Image, Text } from '@react-pdf/renderer';
import PDFDocument from 'pdfkit';
import { createContext, useContext } from 'react';
import { type SigningFieldAttrs, signingFieldText } from '../../editor/signing-field-values';
import { sizeInText } from '../../shared/fields';
import { toPdfText } from './pdf-text';
import { assemblePng } from './png';

/**
 * Where the signing fields written in the drafted text land on its pages. Each field is laid out
 * as an inline picture of its box's size (react-pdf's way to hold room in a line of text), and
 * when pdfkit is asked to draw that picture it draws the field's empty look instead and records
 * the box: at that moment the transformation pdfkit tracks says exactly where the box is on the
 * page, which the layout keeps to itself.
 */

/** A field's box on a page of the drafted text, in fractions of the page from its top-left corner. */
export type TextFieldBox = { page: number; x: number; y: number; width: number; height: number };

type Mark = { sink: FieldMarks; index: number; attrs: SigningFieldAttrs; width: number; height: number };

/** The pictures standing for fields, by identity: each field has its own. */
const marks = new WeakMap<object, Mark>();

/**
 * A transparent 1×1 PNG, built once. Every field gets its own copy: react-pdf hands the very buffer
 * it was given to pdfkit, which is how the drawing below knows which field it is.
 */
const blankPng = (() => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return assemblePng(header, deflateSync(Buffer.from([0, 0, 0, 0, 0])));
})();

/** The fields of one render, in document order, and where each landed. */
export class FieldMarks {
  readonly boxes: (TextFieldBox | null)[] = [];

  /** The picture that holds this field's room in its line. */
  mark(attrs: SigningFieldAttrs): { image: Buffer; width: number; height: number } {
    const { width, height } = sizeInText(attrs);
    const image = Buffer.from(blankPng);
    marks.set(image, { sink: this, index: this.boxes.length, attrs, width, height });
    this.boxes.push(null);
    return { image, width, height };
  }
}

/** Room below a field's box in its line, in points: what the text's descenders take. */
const lineRoomBelow = 5;

const FieldMarksContext = createContext<FieldMarks | null>(null);
export const FieldMarksProvider = FieldMarksContext.Provider;

/**
 * A signing field in a line of the drafted text: its empty box when the render records fields (the
 * document sent for signing), otherwise its chip's words (a comparison of versions, say).
 */
export function SigningFieldMark({ attrs }: { attrs: SigningFieldAttrs }) {
  const sink = useContext(FieldMarksContext);
  if (!sink) return toPdfText(signingFieldText(attrs));
  const { image, width, height } = sink.mark(attrs);
  // The line grows to hold the box: a paragraph's own line height would let it rise into the
  // line above. The box stands on the baseline, with the descent of the text below it.
  return (
    <Text style={{ lineHeight: `${height + lineRoomBelow}pt` }}>
      <Image src={image} style={{ width, height }} />
    </Text>
  );
}

type PdfKitDocument = {
  _ctm: number[];
  page: { width: number; height: number };
  bufferedPageRange(): { start: number; count: number };
  save(): PdfKitDocument;
  restore(): PdfKitDocument;
  rect(x: number, y: number, w: number, h: number): PdfKitDocument;
  circle(x: number, y: number, r: number): PdfKitDocument;
  moveTo(x: number, y: number): PdfKitDocument;
  lineTo(x: number, y: number): PdfKitDocument;
  lineWidth(width: number): PdfKitDocument;
  strokeColor(color: string): PdfKitDocument;
  stroke(): PdfKitDocument;
};
type ImageMethod = (this: PdfKitDocument, src: unknown, ...rest: unknown[]) => PdfKitDocument;

const line = '#6b7280';

/** The field's look before it is filled: a line to sign or write on, or a box to tick or choose in. */
function drawEmptyField(doc: PdfKitDocument, mark: Mark): void {
  const { width, height, attrs } = mark;
  doc.save().lineWidth(0.75).strokeColor(line);
  if (attrs.type === 'checkbox') doc.rect(0.5, 0.5, width - 1, height - 1).stroke();
  else if (attrs.type === 'radio') {
    const count = Math.max(2, attrs.choices?.length ?? 2);
    for (let choice = 0; choice < count; choice += 1) doc.circle(7, 2 + 14 * choice + 7, 4.5).stroke();
  } else if (['dropdown', 'image'].includes(attrs.type)) doc.rect(0.5, 0.5, width - 1, height - 1).stroke();
  else
    doc
      .moveTo(0, height - 0.5)
      .lineTo(width, height - 0.5)
      .stroke();
  doc.restore();
}

let installed = false;

/** Teaches pdfkit's documents the pictures standing for fields, once per thread. */
export function installFieldMarks(): void {
  if (installed) return;
  installed = true;
  const prototype = PDFDocument.prototype as unknown as { image: ImageMethod };
  const image = prototype.image;
  prototype.image = function (this: PdfKitDocument, src: unknown, ...rest: unknown[]) {
    const mark = typeof src === 'object' && src !== null ? marks.get(src) : undefined;
    if (!mark) return image.call(this, src, ...rest);
    // React-pdf moved the origin to the box's top-left corner; its pages are drawn y-down, with
    // the flip in the transformation, so the corner's PDF coordinates are the translation.
    const [, , , , left = 0, top = 0] = this._ctm;
    const { width, height } = this.page;
    const { start, count } = this.bufferedPageRange();
    // A field in a row repeated on every page (a table's header) is the one where it first shows.
    if (mark.sink.boxes[mark.index] === null) {
      mark.sink.boxes[mark.index] = {
        page: start + count - 1,
        x: left / width,
        y: (height - top) / height,
        width: mark.width / width,
        height: mark.height / height,
      };
    }
    drawEmptyField(this, mark);
    return this;
  };
}
