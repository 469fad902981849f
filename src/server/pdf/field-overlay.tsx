import { Document, Image, Page, Polyline, renderToBuffer, Svg, Text, View } from '@react-pdf/renderer';
import { fonts } from './page-frame';
import { registerPdfFonts } from './pdf-fonts';
import { toPdfText } from './pdf-text';

/** A value to draw in a field's box: text, a mark, or a picture (a signature, a stamp). */
export type DrawnValue =
  | { kind: 'text'; text: string; multiline: boolean }
  | { kind: 'check' }
  | { kind: 'image'; image: Uint8Array; format: 'png' | 'jpg' };

/** A filled field: its box in fractions of its page as it shows, and what to draw there. */
export type DrawnField = {
  x: number;
  y: number;
  width: number;
  height: number;
  value: DrawnValue;
};

/** One page's overlay: the page's size as it shows, in points, and its fields. */
export type OverlayPage = { width: number; height: number; fields: DrawnField[] };

/** Roughly how wide a text sets, in ems: wide for Han, kana and Hangul, about half an em for the rest. */
function widthInEms(text: string): number {
  let ems = 0;
  for (const char of text)
    ems += /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u.test(char) ? 1 : 0.6;
  return ems;
}

/**
 * Text fills its box's height up to 11 pt, as a form field's value does; a single line is made
 * smaller until it fits the box's width (down to 4 pt), so no word of it is cut off.
 */
function textSize(text: string, box: { width: number; height: number }, multiline: boolean): number {
  if (multiline) return 11;
  const fitsWidth = (box.width - 4) / Math.max(1, widthInEms(text));
  return Math.max(4, Math.min(11, box.height * 0.7, fitsWidth));
}

/**
 * The values of a document's filled fields as transparent pages of the same sizes, drawn with the
 * fonts every Pactum PDF embeds (so a name in Arabic or Chinese prints right and reads back with
 * pdftotext); draw-fields.ts lays each one over its page.
 */
export async function renderFieldOverlay(pages: OverlayPage[]): Promise<Uint8Array> {
  registerPdfFonts();
  return renderToBuffer(
    <Document creator="Pactum" producer="Pactum" creationDate={new Date(0)} modificationDate={new Date(0)}>
      {pages.map((page, pageIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one page per page of the document, in order
        <Page key={pageIndex} size={[page.width, page.height]} style={{ position: 'relative' }}>
          {page.fields.map((field, index) => {
            const box = {
              position: 'absolute' as const,
              left: field.x * page.width,
              top: field.y * page.height,
              width: field.width * page.width,
              height: field.height * page.height,
            };
            return (
              <View
                // biome-ignore lint/suspicious/noArrayIndexKey: the fields of a page, in order
                key={index}
                style={{
                  ...box,
                  overflow: 'hidden',
                  justifyContent: 'center',
                }}
              >
                <FieldValue value={field.value} box={box} />
              </View>
            );
          })}
        </Page>
      ))}
    </Document>,
  );
}

function FieldValue({ value, box }: { value: DrawnValue; box: { width: number; height: number } }) {
  if (value.kind === 'image') {
    return (
      <Image
        style={{ width: '100%', height: '100%', objectFit: 'contain' }}
        src={{ data: Buffer.from(value.image), format: value.format }}
      />
    );
  }
  if (value.kind === 'check') {
    // Drawn, not typed: no embedded font is sure to hold a check mark.
    return (
      <Svg viewBox="0 0 10 10" style={{ width: '100%', height: '100%' }}>
        <Polyline points="1.5,5.5 4,8 8.5,2" stroke="#111827" strokeWidth={1.3} fill="none" />
      </Svg>
    );
  }
  const size = textSize(value.text, box, value.multiline);
  return (
    <Text
      style={{ fontFamily: fonts.sans, fontSize: size, lineHeight: 1.15, paddingHorizontal: 2 }}
      {...(value.multiline ? {} : { maxLines: 1 })}
    >
      {toPdfText(value.text)}
    </Text>
  );
}
