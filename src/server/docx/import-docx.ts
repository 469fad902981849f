import mammoth from 'mammoth';
import { InvalidContentError, normalizeDocument } from '../../editor/content';
import type { EditorDocument, EditorNode } from '../../shared/api/editor-document';
import { type DocxPackage, openDocxPackage } from './docx-package';
import { DocxRefusal } from './docx-refusal';
import { colorHighlightPrefix, docxToDocument, type ImportTally } from './docx-to-document';
import { importNotices, tallyPackage } from './import-notices';
import type { MammothDocument } from './mammoth-model';
import { extendMammothNumbering } from './numbering-levels';

export type ImportedDocx = {
  /** The document's title (its properties, else its first heading), or null. */
  title: string | null;
  /** The editor document as JSON text (cheap to pass between threads). */
  contentJson: string;
  notices: string[];
};

/**
 * Reads a .docx into a checked editor document. Runs in the docx worker thread: the file is
 * opened within the limits (docx-package.ts), mammoth reads the already inflated parts through a
 * file object of our own (so its zip library never inflates anything), and the result passes
 * normalizeDocument like any saved document.
 */
export async function importDocx(file: Uint8Array): Promise<ImportedDocx> {
  const docx = openDocxPackage(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
  const documentXml = docx.xml.get('word/document.xml') ?? '';
  const model = await readModel(docx, prepareForMammoth(documentXml));
  const tally: ImportTally = { images: 0, comments: 0, footnotes: 0, endnotes: 0, unsupportedLinks: 0 };
  const blocks = docxToDocument(model.children, tally);
  let content: EditorDocument;
  try {
    content = normalizeDocument({
      type: 'doc',
      content: blocks.length > 0 ? blocks : [{ type: 'paragraph' }],
    });
  } catch (error) {
    if (error instanceof InvalidContentError) {
      const tooLarge = error.name === 'ContentTooLargeError';
      throw new DocxRefusal(tooLarge ? 'tooLarge' : 'invalid', error.message);
    }
    throw error;
  }
  return {
    title: titleOf(docx, content),
    contentJson: JSON.stringify(content),
    notices: importNotices({ ...tally, ...tallyPackage(docx.xml, documentXml) }),
  };
}

async function readModel(docx: DocxPackage, documentXml: string): Promise<MammothDocument> {
  extendMammothNumbering();
  let model: MammothDocument | undefined;
  // mammoth's openZip takes a ready file object ({ exists, read }) as well as a buffer.
  const file = {
    exists: (name: string) => docx.names.has(name),
    read: async (name: string) => {
      const text = name === 'word/document.xml' ? documentXml : docx.xml.get(name);
      if (text === undefined) throw new Error(`${name} is not read by the import`);
      return text;
    },
  };
  try {
    await mammoth.convertToHtml(
      { file } as unknown as { buffer: Buffer },
      {
        // Keeps mammoth's model and hands its HTML writer nothing to do.
        transformDocument: (document: MammothDocument) => {
          model = document;
          return { ...document, children: [] };
        },
      } as never,
    );
  } catch (error) {
    if (error instanceof DocxRefusal) throw error;
    throw new DocxRefusal('invalid', `This .docx file could not be read: ${(error as Error).message}`);
  }
  if (!model) throw new DocxRefusal('invalid', 'This .docx file could not be read.');
  return model;
}

/**
 * Rewrites word/document.xml where mammoth's reading falls short, before it parses it.
 * Mammoth's run model has no colour. A run's `<w:color w:val="RRGGBB"/>` is carried through as a
 * highlight value (a field mammoth keeps as it finds it), and the real highlights, which the editor
 * has no mark for, are dropped first.
 */
function prepareForMammoth(xml: string): string {
  // Mammoth takes any w:tblHeader for a header row, even one switched off.
  const headersOn = xml.replace(/<w:tblHeader w:val="(off|false|0)"\s*\/>/g, '');
  return breakBeforeParagraphs(headersOn)
    .replace(/<w:highlight\b[^>]*\/>/g, '')
    .replace(
      /<w:color\b[^>]*?\bw:val="([0-9A-Fa-f]{6})"[^>]*\/>/g,
      (_match, hex: string) => `<w:highlight w:val="${colorHighlightPrefix}${hex.toLowerCase()}"/>`,
    );
}

const pageBreakBefore = /<w:pageBreakBefore(?:\s+w:val="(?:1|true|on)")?\s*\/>/;

/**
 * "Page break before" on a paragraph (mammoth reads only w:br breaks) becomes a break at its
 * start, written after its properties. One pass: each `<w:pPr>…</w:pPr>` span is found and
 * searched once, from its first opening tag to the closing one after it, so a part full of
 * unclosed `<w:pPr>` costs linear time.
 */
function breakBeforeParagraphs(xml: string): string {
  const open = '<w:pPr>';
  const close = '</w:pPr>';
  const parts: string[] = [];
  let copied = 0;
  for (let start = xml.indexOf(open); start !== -1; start = xml.indexOf(open, copied)) {
    const end = xml.indexOf(close, start + open.length);
    if (end === -1) break;
    const after = end + close.length;
    parts.push(xml.slice(copied, after));
    if (pageBreakBefore.test(xml.slice(start, end))) parts.push('<w:r><w:br w:type="page"/></w:r>');
    copied = after;
  }
  parts.push(xml.slice(copied));
  return parts.join('');
}

const maxTitle = 200;

function titleOf(docx: DocxPackage, content: EditorDocument): string | null {
  const core = docx.xml.get('docProps/core.xml');
  const fromProperties = core ? /<dc:title>([^<]{1,1000})<\/dc:title>/.exec(core)?.[1] : undefined;
  const decoded = fromProperties ? decodeXmlText(fromProperties).trim() : '';
  if (decoded) return decoded.slice(0, maxTitle);
  const heading = content.content?.find((node) => node.type === 'heading');
  const text = heading ? textOf(heading).trim() : '';
  return text ? text.slice(0, maxTitle) : null;
}

function textOf(node: EditorNode): string {
  return node.text ?? (node.content ?? []).map(textOf).join('');
}

function decodeXmlText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code) % 0x110000))
    .replace(/&amp;/g, '&');
}
