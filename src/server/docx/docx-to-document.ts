import { maxIndent } from '../../editor/indent';
import { safeLinkHref } from '../../editor/link-href';
import type { EditorMark, EditorNode } from '../../shared/api/editor-document';
import { docxStyleNames } from './docx-styles';
import type {
  MammothElement,
  MammothParagraph,
  MammothRun,
  MammothTable,
  MammothTableCell,
} from './mammoth-model';
import type { NumberingLevel } from './numbering-levels';

/** What the import met and could not bring in as it was, counted for the notice. */
export type ImportTally = {
  images: number;
  comments: number;
  footnotes: number;
  endnotes: number;
  unsupportedLinks: number;
};

/** A run's colour, carried through mammoth as a highlight value (see import-docx.ts). */
export const colorHighlightPrefix = 'pactum-color-';

/** Twips per indent step: 0.5 in, Word's default tab stop. */
export const twipsPerIndent = 720;

const numberTypes: Record<string, string | null> = {
  decimal: null,
  decimalZero: null,
  lowerLetter: 'a',
  upperLetter: 'A',
  lowerRoman: 'i',
  upperRoman: 'I',
};

/** Left is where text starts anyway: word processors write it everywhere, the editor leaves it unset. */
const alignments: Record<string, string> = {
  center: 'center',
  right: 'right',
  end: 'right',
  both: 'justify',
  justify: 'justify',
  distribute: 'justify',
};

/**
 * Turns mammoth's document model into the editor's JSON: headings by style, paragraphs with
 * alignment and indent, marks, links, page breaks, tables, and numbered paragraphs gathered into
 * nested lists by level with their numbering style. The result is checked by normalizeDocument.
 */
export function docxToDocument(children: MammothElement[], tally: ImportTally): EditorNode[] {
  return new Converter(tally).blocks(children);
}

type OpenList = { node: EditorNode; key: string };

class Converter {
  constructor(private readonly tally: ImportTally) {}

  blocks(elements: MammothElement[]): EditorNode[] {
    const out: EditorNode[] = [];
    let lists: OpenList[] = [];
    let quote: EditorNode | null = null;
    for (const element of elements) {
      if (element.type === 'paragraph' && element.numbering && !headingLevel(element)) {
        lists = this.addListItem(out, lists, element, element.numbering);
        quote = null;
        continue;
      }
      lists = [];
      const style = element.type === 'paragraph' ? styleOf(element) : null;
      if (element.type === 'paragraph' && style === 'quote') {
        if (!quote) {
          quote = { type: 'blockquote', content: [] };
          out.push(quote);
        }
        (quote.content as EditorNode[]).push(...this.paragraph(element));
        continue;
      }
      quote = null;
      if (element.type === 'paragraph' && style === 'code') out.push(this.codeBlock(element));
      else if (element.type === 'paragraph' && style === 'rule') out.push({ type: 'horizontalRule' });
      else if (element.type === 'paragraph') out.push(...this.paragraph(element));
      else if (element.type === 'table') out.push(this.table(element));
    }
    return out;
  }

  /** A preformatted paragraph is a code block; its line breaks are the code's lines. */
  private codeBlock(paragraph: MammothParagraph): EditorNode {
    const segments: EditorNode[][] = [[]];
    this.inline(paragraph.children, [], segments);
    const text = segments
      .flat()
      .map((node) => (node.type === 'hardBreak' ? '\n' : (node.text ?? '')))
      .join('');
    return { type: 'codeBlock', ...(text ? { content: [{ type: 'text', text }] } : {}) };
  }

  /** Places a numbered paragraph at its level, opening or closing nested lists as needed. */
  private addListItem(
    out: EditorNode[],
    open: OpenList[],
    paragraph: MammothParagraph,
    numbering: NumberingLevel,
  ) {
    const level = Math.min(Math.max(Number(numbering.level) || 0, 0), 8);
    const stack = open.slice(0, level + 1);
    const key = listKey(numbering);
    if (stack.length === level + 1 && stack[level]?.key !== key) stack.pop();
    while (stack.length < level + 1) {
      const list: OpenList = { node: listNode(numbering), key };
      const parent = stack.at(-1);
      if (parent) {
        const items = parent.node.content as EditorNode[];
        let item = items.at(-1);
        if (!item) {
          item = { type: 'listItem', content: [{ type: 'paragraph' }] };
          items.push(item);
        }
        (item.content as EditorNode[]).push(list.node);
      } else {
        out.push(list.node);
      }
      stack.push(list);
    }
    const [first, ...rest] = this.paragraph(paragraph, true);
    const item: EditorNode = { type: 'listItem', content: [first ?? { type: 'paragraph' }, ...rest] };
    (stack[level] as OpenList).node.content?.push(item);
    return stack;
  }

  /** One paragraph, or several when page breaks split it (a break becomes a block of its own). */
  private paragraph(paragraph: MammothParagraph, inList = false): EditorNode[] {
    const level = headingLevel(paragraph);
    const attrs: Record<string, unknown> = {};
    const align = paragraph.alignment ? alignments[paragraph.alignment] : undefined;
    if (align) attrs.textAlign = align;
    const start = Number(paragraph.indent.start);
    if (!inList && Number.isFinite(start) && start > 0) {
      const steps = Math.min(Math.round(start / twipsPerIndent), maxIndent);
      if (steps > 0) attrs.indent = steps;
    }
    if (level) attrs.level = level;
    const segments: EditorNode[][] = [[]];
    this.inline(paragraph.children, [], segments);
    const out: EditorNode[] = [];
    segments.forEach((content, index) => {
      if (index > 0) out.push({ type: 'pageBreak' });
      const merged = mergeText(content);
      // A break alone in its paragraph (as Word and this export write it) leaves no empty paragraph.
      if (merged.length === 0 && segments.length > 1) return;
      out.push({
        type: level ? 'heading' : 'paragraph',
        attrs: { ...attrs },
        ...(merged.length ? { content: merged } : {}),
      });
    });
    return out;
  }

  private inline(elements: MammothElement[], marks: EditorMark[], segments: EditorNode[][]): void {
    for (const element of elements) {
      const into = segments.at(-1) as EditorNode[];
      switch (element.type) {
        case 'run':
          this.inline(element.children, [...marks, ...runMarks(element)], segments);
          break;
        case 'hyperlink': {
          // Only an address that names its scheme: safeLinkHref would read "file:///…" as a host name.
          const href =
            element.href && /^(https?:|mailto:)/i.test(element.href.trim())
              ? safeLinkHref(element.href)
              : null;
          if (element.href && !href) this.tally.unsupportedLinks += 1;
          this.inline(
            element.children,
            href ? [...marks, { type: 'link', attrs: { href } }] : marks,
            segments,
          );
          break;
        }
        case 'text':
          if (element.value)
            into.push({ type: 'text', text: element.value, ...(marks.length ? { marks } : {}) });
          break;
        case 'tab':
          into.push({ type: 'text', text: '\t', ...(marks.length ? { marks } : {}) });
          break;
        case 'checkbox':
          into.push({ type: 'text', text: element.checked ? '☒' : '☐' });
          break;
        case 'break':
          if (element.breakType === 'line') into.push({ type: 'hardBreak' });
          else if (element.breakType === 'page') segments.push([]);
          break;
        case 'image':
          this.tally.images += 1;
          break;
        case 'commentReference':
          this.tally.comments += 1;
          break;
        case 'noteReference':
          if (element.noteType === 'endnote') this.tally.endnotes += 1;
          else this.tally.footnotes += 1;
          break;
        default:
          break;
      }
    }
  }

  private table(table: MammothTable): EditorNode {
    const rows = table.children
      .filter((row) => row.type === 'tableRow')
      .map((row) => ({
        type: 'tableRow',
        content: row.children
          .filter((cell) => cell.type === 'tableCell')
          .map((cell) => this.cell(cell, row.isHeader)),
      }))
      .filter((row) => row.content.length > 0);
    return { type: 'table', content: rows };
  }

  private cell(cell: MammothTableCell, header: boolean): EditorNode {
    // A header cell is bold wherever it is shown, and the export writes its runs bold: a bold mark
    // there would say nothing more.
    const content = header ? withoutBold(this.blocks(cell.children)) : this.blocks(cell.children);
    if (content.length === 0) content.push({ type: 'paragraph' });
    // One alignment shared by every paragraph is the cell's (as the export writes a cell's).
    const aligns = new Set(
      content.map((block) => (block.type === 'paragraph' ? block.attrs?.textAlign : 'mixed')),
    );
    const [only] = aligns;
    let align: string | null = null;
    if (aligns.size === 1 && (only === 'center' || only === 'right')) {
      align = only;
      for (const block of content) delete block.attrs?.textAlign;
    }
    return {
      type: header ? 'tableHeader' : 'tableCell',
      attrs: { colspan: clampSpan(cell.colSpan), rowspan: clampSpan(cell.rowSpan), align },
      content,
    };
  }
}

function styleOf(paragraph: MammothParagraph): 'quote' | 'code' | 'rule' | null {
  const name = paragraph.styleName?.trim().toLowerCase();
  if (name === docxStyleNames.quote.toLowerCase() || name === 'quote') return 'quote';
  if (name === docxStyleNames.code.toLowerCase()) return 'code';
  if (name === docxStyleNames.rule.toLowerCase()) return 'rule';
  return null;
}

function headingLevel(paragraph: MammothParagraph): number | null {
  for (const name of [paragraph.styleName, paragraph.styleId]) {
    const match = name ? /^heading\s*([1-6])$/i.exec(name.trim()) : null;
    if (match) return Number(match[1]);
    if (name && /^title$/i.test(name.trim())) return 1;
  }
  return null;
}

/** Paragraphs of one list share a key; a change of list, kind or style starts another list. */
function listKey(numbering: NumberingLevel): string {
  return [numbering.numId ?? numbering.abstractNumId, numbering.isOrdered, numbering.numFmt].join('|');
}

function listNode(numbering: NumberingLevel): EditorNode {
  const ordered = numbering.isOrdered && numbering.numFmt !== 'bullet' && numbering.numFmt !== 'none';
  if (!ordered) return { type: 'bulletList', content: [] };
  const attrs: Record<string, unknown> = {
    start: Math.min(numbering.start ?? 1, 1_000_000),
    type: numberTypes[numbering.numFmt ?? 'decimal'] ?? null,
  };
  if (numbering.legal) attrs.numbering = 'legal';
  return { type: 'orderedList', attrs, content: [] };
}

function runMarks(run: MammothRun): EditorMark[] {
  const marks: EditorMark[] = [];
  // Word's character styles for the two marks (mammoth reports the style, not what it sets).
  const style = run.styleName?.trim().toLowerCase();
  if (run.isBold || style === 'strong') marks.push({ type: 'bold' });
  if (run.isItalic || style === 'emphasis') marks.push({ type: 'italic' });
  if (run.isUnderline) marks.push({ type: 'underline' });
  if (run.isStrikethrough) marks.push({ type: 'strike' });
  if (run.highlight?.startsWith(colorHighlightPrefix)) {
    marks.push({
      type: 'textStyle',
      attrs: { color: `#${run.highlight.slice(colorHighlightPrefix.length)}` },
    });
  }
  return marks;
}

const clampSpan = (span: number) => (Number.isInteger(span) ? Math.min(Math.max(span, 1), 100) : 1);

/** The nodes without bold marks, down to (not into) a nested table, whose cells are its own. */
function withoutBold(nodes: EditorNode[]): EditorNode[] {
  return mergeText(
    nodes.map((node) => {
      if (node.type === 'table') return node;
      const { marks, content, ...rest } = node;
      const kept = marks?.filter((mark) => mark.type !== 'bold');
      return {
        ...rest,
        ...(kept?.length ? { marks: kept } : {}),
        ...(content ? { content: withoutBold(content) } : {}),
      };
    }),
  );
}

/** Adjacent text with the same marks becomes one text node (mammoth splits runs freely). */
function mergeText(content: EditorNode[]): EditorNode[] {
  const out: EditorNode[] = [];
  for (const node of content) {
    const last = out.at(-1);
    if (node.type === 'text' && last?.type === 'text' && sameMarks(last.marks, node.marks)) {
      out[out.length - 1] = { ...last, text: `${last.text ?? ''}${node.text ?? ''}` };
    } else {
      out.push(node);
    }
  }
  return out;
}

function sameMarks(a: EditorMark[] = [], b: EditorMark[] = []): boolean {
  const key = (marks: EditorMark[]) => JSON.stringify([...marks].map((mark) => JSON.stringify(mark)).sort());
  return key(a) === key(b);
}
