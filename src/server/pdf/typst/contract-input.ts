import { maxIndent } from '../../../editor/indent';
import { safeLinkHref } from '../../../editor/link-href';
import { mergeFieldText } from '../../../editor/merge-field-values';
import { type SigningFieldAttrs, signingFieldText } from '../../../editor/signing-field-values';
import type { EditorDocument, EditorMark, EditorNode } from '../../../shared/api/editor-document';
import { sizeInText } from '../../../shared/fields';
import { listNumber } from '../pdf-text';
import { columnWidths } from '../table-columns';
import { printable } from './printable-text';

/**
 * The editor's JSON turned into the data the contract template (`pdf-templates/contract.typ`)
 * reads: plain values only, every text a string the template prints as it is, never markup. What
 * the template would otherwise compute from the editor's attributes (list markers, legal numbers,
 * column widths, safe links, colours, a merge field's text) is settled here, once, in TypeScript.
 */

/** A run of text in a line, or a line break, or a signing field's box. */
export type TypstRun =
  | {
      t: string;
      b?: true;
      i?: true;
      u?: true;
      s?: true;
      code?: true;
      color?: string;
      href?: string;
      ins?: true;
      del?: true;
    }
  | { br: true }
  | { field: number; kind: string; w: number; h: number; choices: number };

export type TypstBlock =
  | { k: 'p'; runs: TypstRun[]; align?: string; indent?: number }
  | { k: 'h'; level: number; runs: TypstRun[]; align?: string; indent?: number }
  | { k: 'code'; text: string }
  | { k: 'quote'; blocks: TypstBlock[] }
  | { k: 'list'; ordered: boolean; markers: string[]; marker: string; items: TypstBlock[][] }
  | { k: 'table'; widths: number[]; header: boolean; rows: TypstCell[][] }
  | { k: 'break' }
  | { k: 'rule' };

export type TypstCell = { span: number; rows: number; header: boolean; align?: string; blocks: TypstBlock[] };

/**
 * How deep blocks nest in the PDF: Typst refuses layouts nested about 40 levels deep, and a
 * contract may nest lists, quotes and tables 47 levels (the editor's bound). Past this depth the
 * inner blocks are set flat, one after another at the depth reached: every word is printed, and
 * no real contract (Word keeps nine list levels) comes near it.
 */
export const maxTypstNesting = 12;

/** One indent step, as the editor's: half an inch. */
const indentStep = 36;
const alignments = new Set(['left', 'center', 'right', 'justify']);
const cellAligns = new Set(['left', 'center', 'right']);
const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const rgbColor = /^rgba?\(\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*(?:[,/][\d.%\s]*)?\)$/i;

/**
 * A text colour as the template's `rgb()` takes it: hex as stored, `rgb()` converted; the other
 * forms the editor lets through (hsl(), colour names) print in the text's own colour.
 */
export function colourHex(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (hexColor.test(value)) return value;
  const rgb = rgbColor.exec(value);
  if (!rgb) return undefined;
  const channels = rgb.slice(1, 4).map((channel) => Math.min(255, Number(channel)));
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** The signing fields written in the text, in document order, as the template numbers them. */
type Fields = { next: number; recording: boolean };

export type ContractTypstBlocks = { blocks: TypstBlock[]; fields: number };

/**
 * The blocks of a document. With `recording` the signing fields are boxes the template places and
 * reports (the document sent for signing); without, they print their chip's words (a comparison).
 */
export function contractBlocks(content: EditorDocument, recording = true): ContractTypstBlocks {
  const fields: Fields = { next: 0, recording };
  const blocks = blocksOf(content.content ?? [], { depth: 0, listDepth: 0, legalPrefix: undefined }, fields);
  return { blocks, fields: fields.next };
}

/** How deep blocks are, how many lists hold them (bullets alternate by it), a legal item's number. */
type Context = { depth: number; listDepth: number; legalPrefix: string | undefined };

/** Nested lists alternate markers, as the editor's stylesheet does, so levels stay distinguishable. */
const bullets = ['•', '–'] as const;

function blocksOf(nodes: EditorNode[], context: Context, fields: Fields): TypstBlock[] {
  const out: TypstBlock[] = [];
  for (const node of nodes) out.push(...blockOf(node, context, fields));
  return out;
}

/** The blocks inside a container, or its blocks set flat once the nesting is as deep as it goes. */
function innerBlocks(nodes: EditorNode[], context: Context, fields: Fields): TypstBlock[] {
  return blocksOf(nodes, { ...context, depth: context.depth + 1 }, fields);
}

function blockOf(node: EditorNode, context: Context, fields: Fields): TypstBlock[] {
  const deep = context.depth >= maxTypstNesting;
  switch (node.type) {
    case 'paragraph':
      return [{ k: 'p', runs: runsOf(node.content, fields), ...placement(node) }];
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level) || 1, 1), 6);
      return [{ k: 'h', level, runs: runsOf(node.content, fields), ...placement(node) }];
    }
    case 'codeBlock':
      return [{ k: 'code', text: printable(plainText(node)) }];
    case 'blockquote':
      return deep
        ? innerBlocks(node.content ?? [], context, fields)
        : [{ k: 'quote', blocks: innerBlocks(node.content ?? [], context, fields) }];
    case 'bulletList':
    case 'orderedList':
      return listOf(node, context, fields, deep);
    case 'table':
      return tableOf(node, context, fields, deep);
    case 'pageBreak':
      return [{ k: 'break' }];
    case 'horizontalRule':
      return [{ k: 'rule' }];
    default:
      // Unknown blocks cannot pass normalizeDocument; showing their text beats dropping it.
      return [{ k: 'p', runs: [{ t: printable(plainText(node)) }] }];
  }
}

function placement(node: EditorNode): { align?: string; indent?: number } {
  const out: { align?: string; indent?: number } = {};
  const align = node.attrs?.textAlign;
  if (typeof align === 'string' && alignments.has(align) && align !== 'left') out.align = align;
  const steps = Math.min(Math.max(Math.trunc(Number(node.attrs?.indent) || 0), 0), maxIndent);
  if (steps > 0) out.indent = steps * indentStep;
  return out;
}

function listOf(list: EditorNode, context: Context, fields: Fields, deep: boolean): TypstBlock[] {
  const items = list.content ?? [];
  const ordered = list.type === 'orderedList';
  const start = Number.isInteger(list.attrs?.start) ? Number(list.attrs?.start) : 1;
  const kind = typeof list.attrs?.type === 'string' ? list.attrs.type : '1';
  const legal = ordered && list.attrs?.numbering === 'legal';
  // A legal list nested in a legal item continues its number: 1., then 1.1, then 1.1.1.
  const prefix = legal ? context.legalPrefix : undefined;
  const numbers = items.map((_, index) => {
    const own = listNumber(start + index, kind);
    return prefix ? `${prefix}.${own}` : own;
  });
  const markers = ordered ? numbers.map((number) => (prefix ? number : `${number}.`)) : [];
  const itemBlocks = items.map((item, index) =>
    innerBlocks(
      item.content ?? [],
      { ...context, listDepth: context.listDepth + 1, legalPrefix: legal ? numbers[index] : undefined },
      fields,
    ),
  );
  if (deep) {
    // Set flat: each item's marker leads its first paragraph.
    return itemBlocks.flatMap((blocks, index) => {
      const [first, ...rest] = blocks;
      const marker = ordered ? (markers[index] ?? '') : (bullets[context.listDepth % bullets.length] ?? '•');
      if (first && (first.k === 'p' || first.k === 'h'))
        return [{ ...first, runs: [{ t: `${marker} ` }, ...first.runs] }, ...rest];
      return [{ k: 'p' as const, runs: [{ t: marker }] }, ...blocks];
    });
  }
  const marker = bullets[context.listDepth % bullets.length] ?? '•';
  return [{ k: 'list', ordered, markers, marker, items: itemBlocks }];
}

function tableOf(table: EditorNode, context: Context, fields: Fields, deep: boolean): TypstBlock[] {
  const rows = table.content ?? [];
  if (deep)
    return rows.flatMap((row) =>
      (row.content ?? []).flatMap((cell) => innerBlocks(cell.content ?? [], context, fields)),
    );
  const widths = columnWidths(rows, 1).map((share) => Math.round(share * 10_000) / 10_000);
  const header =
    (rows[0]?.content ?? []).length > 0 &&
    (rows[0]?.content ?? []).every((cell) => cell.type === 'tableHeader');
  const cells = rows.map((row) =>
    (row.content ?? []).map((cell): TypstCell => {
      const align = cell.attrs?.align;
      return {
        span: Math.max(1, Math.trunc(Number(cell.attrs?.colspan) || 1)),
        rows: Math.max(1, Math.trunc(Number(cell.attrs?.rowspan) || 1)),
        header: cell.type === 'tableHeader',
        ...(typeof align === 'string' && cellAligns.has(align) ? { align } : {}),
        blocks: innerBlocks(cell.content ?? [], context, fields),
      };
    }),
  );
  return [{ k: 'table', widths, header, rows: cells }];
}

function runsOf(nodes: EditorNode[] | undefined, fields: Fields): TypstRun[] {
  const runs: TypstRun[] = [];
  for (const node of nodes ?? []) {
    if (node.type === 'hardBreak') {
      runs.push({ br: true });
      continue;
    }
    if (node.type === 'signingField') {
      const attrs = node.attrs as SigningFieldAttrs;
      if (!fields.recording) {
        runs.push({ t: printable(signingFieldText(attrs)) });
        continue;
      }
      const { width, height } = sizeInText(attrs);
      runs.push({
        field: fields.next,
        kind: attrs.type,
        w: width,
        h: height,
        choices: Math.max(2, attrs.choices?.length ?? 2),
      });
      fields.next += 1;
      continue;
    }
    // A merge field prints its value (sending refuses an empty one, so the marker never shows).
    const text = node.type === 'mergeField' ? mergeFieldText(node.attrs ?? {}) : node.text;
    if ((node.type !== 'text' && node.type !== 'mergeField') || !text) continue;
    runs.push(runOf(printable(text), node.marks ?? []));
  }
  return runs;
}

function runOf(text: string, marks: EditorMark[]): TypstRun {
  const has = (type: string) => marks.some((mark) => mark.type === type);
  const run: TypstRun = { t: text };
  if (has('bold')) run.b = true;
  if (has('italic')) run.i = true;
  if (has('underline')) run.u = true;
  if (has('strike')) run.s = true;
  if (has('code')) run.code = true;
  if (has('insertion')) run.ins = true;
  if (has('deletion')) run.del = true;
  const color = colourHex(marks.find((mark) => mark.type === 'textStyle')?.attrs?.color);
  if (color) run.color = color;
  const href = safeLinkHref(marks.find((mark) => mark.type === 'link')?.attrs?.href);
  if (href) run.href = href;
  return run;
}

function plainText(node: EditorNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(plainText).join('');
}
