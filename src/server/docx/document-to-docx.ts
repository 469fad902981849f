import {
  AlignmentType,
  BorderStyle,
  DeletedTextRun,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  type ILevelsOptions,
  InsertedTextRun,
  type IRunOptions,
  LevelFormat,
  Packer,
  PageBreak,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { safeLinkHref } from '../../editor/link-href';
import { mergeFieldText } from '../../editor/merge-field-values';
import { isMarkedInline } from '../../editor/redline/tokens';
import { signingFieldText } from '../../editor/signing-field-values';
import type { EditorDocument, EditorMark, EditorNode } from '../../shared/api/editor-document';
import { contractLimits } from '../../shared/limits';
import { docxStyleNames } from './docx-styles';
import { twipsPerIndent } from './docx-to-document';

/** Usable width of an A4 page with 1-inch margins, in twips: what a table spans by default. */
const textWidthTwips = 9026;
/** The editor's column widths are CSS pixels: 15 twips each. */
const twipsPerPixel = 15;

const headings = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];

const alignmentOf: Record<string, (typeof AlignmentType)[keyof typeof AlignmentType]> = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
};

const formatOf: Record<string, (typeof LevelFormat)[keyof typeof LevelFormat]> = {
  '1': LevelFormat.DECIMAL,
  a: LevelFormat.LOWER_LETTER,
  A: LevelFormat.UPPER_LETTER,
  i: LevelFormat.LOWER_ROMAN,
  I: LevelFormat.UPPER_ROMAN,
};

type Block = Paragraph | Table;
/** Where a block is written: its list and level, a cell's alignment, a paragraph style, and bold in header cells. */
type Context = { reference?: string; level: number; align?: string; style?: string; bold?: boolean };
type Run = TextRun | InsertedTextRun | DeletedTextRun;

/** Who made the changes a redline's `insertion` and `deletion` marks show, and when (ISO 8601). */
export type DocxRevision = { author: string; date: string };
type Change = 'insertion' | 'deletion';

/**
 * Writes an editor document as a .docx with the docx library: Word's Heading 1–6 styles, marks
 * and colour, links, lists with one numbering definition per top-level list (its format, start
 * and legal "%1.%2" levels), indent, tables (repeated header rows, widths, spans, alignment), page
 * breaks, and merge fields as their text. Quotations, code and rules use LibreOffice's paragraph
 * style names, which the import reads back.
 *
 * Given a `revision`, a redline's marks become Word's tracked changes by that author: `insertion`
 * text a `w:ins`, `deletion` text a `w:del`, and a paragraph (heading, list item) or table row
 * whose text is all inserted or all deleted has its paragraph mark or row tracked too, so
 * accepting or rejecting the change adds or removes it whole.
 */
export async function documentToDocx(
  document: EditorDocument,
  title: string,
  revision?: DocxRevision,
): Promise<Buffer> {
  const writer = new DocxWriter(revision);
  const children = writer.blocks(document.content ?? [], { level: 0 });
  const doc = new Document({
    title,
    creator: 'Pactum',
    styles: {
      paragraphStyles: [
        {
          id: 'Quotations',
          name: docxStyleNames.quote,
          basedOn: 'Normal',
          paragraph: { indent: { left: 567, right: 567 }, spacing: { after: 283 } },
        },
        {
          id: 'PreformattedText',
          name: docxStyleNames.code,
          basedOn: 'Normal',
          run: { font: 'Courier New', size: 20 },
        },
        {
          id: 'HorizontalLine',
          name: docxStyleNames.rule,
          basedOn: 'Normal',
          paragraph: { border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'auto', space: 1 } } },
        },
      ],
    },
    numbering: { config: writer.numbering },
    sections: [{ children: children.length > 0 ? children : [new Paragraph({})] }],
  });
  return Packer.toBuffer(doc);
}

class DocxWriter {
  readonly numbering: { reference: string; levels: ILevelsOptions[] }[] = [];
  /** Each tracked change needs an id of its own within the document. */
  private changes = 0;

  constructor(private readonly revision?: DocxRevision) {}

  /** The attributes of one more tracked change (an id, the author and the date). */
  private change() {
    this.changes += 1;
    return { id: this.changes, ...(this.revision as DocxRevision) };
  }

  /** A run of text, tracked as inserted or deleted when it carries a redline mark. */
  private run(options: IRunOptions, marks: EditorMark[]): Run {
    const tracked = this.revision ? changeOf(marks) : null;
    if (tracked === 'insertion') return new InsertedTextRun({ ...options, ...this.change() });
    if (tracked === 'deletion') return new DeletedTextRun({ ...options, ...this.change() });
    return new TextRun(options);
  }

  /** 'insertion' or 'deletion' when every piece of text in the nodes was added, or every one removed. */
  private wholeChange(nodes: EditorNode[]): Change | null {
    if (!this.revision) return null;
    let found: Change | null = null;
    const visit = (node: EditorNode): boolean => {
      if (isMarkedInline(node)) {
        const own = changeOf(node.marks ?? []);
        if (!own || (found && own !== found)) return false;
        found = own;
        return true;
      }
      return (node.content ?? []).every(visit);
    };
    return nodes.every(visit) ? found : null;
  }

  /**
   * The paragraph mark's run: tracked when the paragraph was added or removed whole, so accepting
   * or rejecting takes the whole paragraph; bold in a header cell, as its runs are.
   */
  private paragraphMark(whole: Change | null, context: Context) {
    if (!whole && !context.bold) return {};
    return { run: { ...(whole ? { [whole]: this.change() } : {}), ...(context.bold ? { bold: true } : {}) } };
  }

  blocks(nodes: EditorNode[], context: Context): Block[] {
    return nodes.flatMap((node) => this.block(node, context));
  }

  private block(node: EditorNode, context: Context): Block[] {
    const attrs = node.attrs ?? {};
    switch (node.type) {
      case 'paragraph':
      case 'heading':
        return [this.paragraph(node, context)];
      case 'bulletList':
      case 'orderedList':
        return this.list(node, context);
      case 'blockquote':
        return this.blocks(node.content ?? [], { ...context, style: 'Quotations' });
      case 'codeBlock': {
        const whole = this.wholeChange([node]);
        return [
          new Paragraph({
            style: 'PreformattedText',
            ...this.paragraphMark(whole, context),
            children: (node.content ?? []).flatMap((child) =>
              (child.text ?? '')
                .split('\n')
                .map((line, index) =>
                  this.run(
                    { text: line, break: index > 0 ? 1 : 0, ...(context.bold ? { bold: true } : {}) },
                    child.marks ?? [],
                  ),
                ),
            ),
          }),
        ];
      }
      case 'horizontalRule':
        return [new Paragraph({ style: 'HorizontalLine' })];
      case 'pageBreak':
        return [new Paragraph({ children: [new PageBreak()] })];
      case 'table':
        return [this.table(node)];
      default:
        return attrs && node.content ? this.blocks(node.content, context) : [];
    }
  }

  private paragraph(node: EditorNode, context: Context): Paragraph {
    const attrs = node.attrs ?? {};
    const level = Number(attrs.level);
    const align = (attrs.textAlign as string | null) ?? context.align;
    const indent = Number(attrs.indent) || 0;
    const whole = node.content?.length ? this.wholeChange(node.content) : null;
    return new Paragraph({
      children: this.inline(node.content ?? [], context),
      ...this.paragraphMark(whole, context),
      ...(node.type === 'heading' && level >= 1 && level <= 6 ? { heading: headings[level - 1] } : {}),
      ...(context.style && node.type !== 'heading' ? { style: context.style } : {}),
      ...(align && alignmentOf[align] ? { alignment: alignmentOf[align] } : {}),
      ...(indent > 0 && !context.reference ? { indent: { left: indent * twipsPerIndent } } : {}),
      ...(context.reference ? { numbering: { reference: context.reference, level: context.level } } : {}),
    });
  }

  /**
   * A top-level list gets a numbering definition of its own, so each list counts from its start;
   * its nested lists are its deeper levels, each with the format of the first list at that depth.
   */
  private list(node: EditorNode, context: Context): Block[] {
    const top = context.reference === undefined;
    const reference = top ? `list-${this.numbering.length + 1}` : (context.reference as string);
    if (top) this.numbering.push({ reference, levels: levelsOf(node) });
    // Word has nine levels (0–8); a document stored before lists were bounded may nest deeper.
    const level = top ? 0 : Math.min(context.level + 1, contractLimits.listNesting - 1);
    const blocks: Block[] = [];
    for (const item of node.content ?? []) {
      item.content?.forEach((child, index) => {
        if (child.type === 'bulletList' || child.type === 'orderedList') {
          blocks.push(...this.list(child, { ...context, reference, level }));
        } else if (index === 0 && child.type === 'paragraph') {
          blocks.push(this.paragraph(child, { ...context, reference, level }));
        } else {
          // A second paragraph of an item carries no number of its own: it sits at the item's indent.
          blocks.push(...this.blocks([child], { ...context, reference: undefined, level }));
        }
      });
    }
    return blocks;
  }

  private inline(nodes: EditorNode[], context: Context): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    // Adjacent runs of one link (a bold word inside it) stay one hyperlink.
    let link = null as { href: string; runs: Run[] } | null;
    const closeLink = () => {
      const open = link;
      if (open) out.push(new ExternalHyperlink({ link: open.href, children: open.runs }));
      link = null;
    };
    for (const node of nodes) {
      const marks = node.marks ?? [];
      let run: Run | undefined;
      if (node.type === 'text') run = this.run(runOptions(node.text ?? '', marks, context), marks);
      else if (node.type === 'hardBreak') run = new TextRun({ break: 1 });
      else if (node.type === 'mergeField')
        run = this.run(runOptions(mergeFieldText(node.attrs ?? {}), marks, context), marks);
      // Word has no such field: it is written as its chip reads, '[Signature · Signer 1]'.
      else if (node.type === 'signingField')
        run = this.run(runOptions(signingFieldText(node.attrs ?? {}), marks, context), marks);
      if (!run) continue;
      const href = safeLinkHref(marks.find((mark) => mark.type === 'link')?.attrs?.href);
      if (href && link?.href === href) {
        link.runs.push(run);
        continue;
      }
      closeLink();
      if (href) link = { href, runs: [run] };
      else out.push(run);
    }
    closeLink();
    return out;
  }

  private table(node: EditorNode): Table {
    const rows = node.content ?? [];
    const columns = Math.max(
      1,
      ...rows.map((row) =>
        (row.content ?? []).reduce((sum, cell) => sum + (Number(cell.attrs?.colspan) || 1), 0),
      ),
    );
    const widths = columnWidths(rows[0]?.content ?? [], columns);
    return new Table({
      width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
      columnWidths: widths,
      rows: rows.map((row) => {
        const cells = row.content ?? [];
        const header = cells.length > 0 && cells.every((cell) => cell.type === 'tableHeader');
        const whole = this.wholeChange(cells);
        return new TableRow({
          // Only when true: docx writes `w:val="off"` otherwise, which mammoth takes for a header.
          ...(header ? { tableHeader: true } : {}),
          // A row added or removed whole is a tracked row, as Word records one.
          ...(whole ? { [whole]: this.change() } : {}),
          children: cells.map((cell) => {
            const attrs = cell.attrs ?? {};
            const children = this.blocks(cell.content ?? [], {
              level: 0,
              ...(attrs.align ? { align: attrs.align as string } : {}),
              // Bold on the header cell's own runs: the editor and the PDF draw header cells bold,
              // and a repeated header row (`w:tblHeader`) or a table style's first-row look is not
              // bold in LibreOffice, nor in Word without that style.
              ...(cell.type === 'tableHeader' ? { bold: true } : {}),
            });
            return new TableCell({
              children: children.length > 0 ? children : [new Paragraph({})],
              columnSpan: Number(attrs.colspan) || 1,
              rowSpan: Number(attrs.rowspan) || 1,
            });
          }),
        });
      }),
    });
  }
}

function changeOf(marks: EditorMark[]): Change | null {
  for (const mark of marks) {
    if (mark.type === 'insertion' || mark.type === 'deletion') return mark.type;
  }
  return null;
}

function runOptions(text: string, marks: EditorMark[], context: Context): IRunOptions {
  const has = (type: string) => marks.some((mark) => mark.type === type);
  const color = hexColor(marks.find((mark) => mark.type === 'textStyle')?.attrs?.color);
  return {
    text,
    ...(has('bold') || context.bold ? { bold: true } : {}),
    ...(has('italic') ? { italics: true } : {}),
    ...(has('underline') ? { underline: {} } : {}),
    ...(has('strike') ? { strike: true } : {}),
    ...(has('code') ? { font: 'Courier New' } : {}),
    ...(has('link') ? { style: 'Hyperlink' } : {}),
    ...(color ? { color } : {}),
  };
}

/** Word takes a colour as six hex digits: the editor's #rgb, #rrggbb and rgb() are converted. */
function hexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim())?.[1];
  if (hex) return (hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex).toUpperCase();
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/i.exec(value.trim());
  if (!rgb) return null;
  return rgb
    .slice(1, 4)
    .map((part) => Math.min(Number(part), 255).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

function columnWidths(firstRow: EditorNode[], columns: number): number[] {
  const widths: (number | null)[] = [];
  for (const cell of firstRow) {
    const span = Number(cell.attrs?.colspan) || 1;
    const given = Array.isArray(cell.attrs?.colwidth) ? (cell.attrs.colwidth as number[]) : [];
    for (let index = 0; index < span; index += 1) {
      const width = given[index];
      widths.push(typeof width === 'number' && width > 0 ? width * twipsPerPixel : null);
    }
  }
  while (widths.length < columns) widths.push(null);
  const fixed = widths.reduce<number>((sum, width) => sum + (width ?? 0), 0);
  const open = widths.filter((width) => width === null).length;
  const share = open > 0 ? Math.max(Math.floor((textWidthTwips - fixed) / open), 600) : 0;
  return widths.slice(0, columns).map((width) => width ?? share);
}

/** Nine levels, each from the first list met at that depth below (and including) `list`. */
function levelsOf(list: EditorNode): ILevelsOptions[] {
  const byDepth: EditorNode[] = [];
  const visit = (node: EditorNode, depth: number) => {
    if (depth > 8) return;
    byDepth[depth] ??= node;
    for (const item of node.content ?? []) {
      for (const child of item.content ?? []) {
        if (child.type === 'bulletList' || child.type === 'orderedList') visit(child, depth + 1);
      }
    }
  };
  visit(list, 0);
  const levels: ILevelsOptions[] = [];
  let legalAbove = true;
  for (let depth = 0; depth < 9; depth += 1) {
    const node = byDepth[depth] ?? byDepth.at(-1) ?? list;
    const indent = { left: twipsPerIndent * (depth + 1), hanging: 360 };
    if (node.type === 'bulletList') {
      levels.push({
        level: depth,
        format: LevelFormat.BULLET,
        text: ['•', '◦', '▪'][depth % 3],
        alignment: AlignmentType.LEFT,
        style: { paragraph: { indent } },
      });
      legalAbove = false;
      continue;
    }
    const attrs = node.attrs ?? {};
    const legal: boolean = attrs.numbering === 'legal' && legalAbove;
    legalAbove = legal;
    const text =
      legal && depth > 0
        ? Array.from({ length: depth + 1 }, (_, index) => `%${index + 1}`).join('.')
        : `%${depth + 1}.`;
    levels.push({
      level: depth,
      format: formatOf[(attrs.type as string | null) ?? '1'] ?? LevelFormat.DECIMAL,
      text,
      start: Number.isInteger(attrs.start) ? (attrs.start as number) : 1,
      alignment: AlignmentType.LEFT,
      ...(legal ? { isLegalNumberingStyle: true } : {}),
      style: { paragraph: { indent } },
    });
  }
  return levels;
}
