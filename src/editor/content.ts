import { getSchema } from '@tiptap/core';
import { Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import type { EditorDocument } from '../shared/api/editor-document';
import { contractLimits, formatCount } from '../shared/limits';
import { contractExtensions, textAlignments } from './extensions';
import { maxIndent } from './indent';
import { safeLinkHref } from './link-href';
import { mergeFieldProblem } from './merge-field-values';
import { signingFieldProblem } from './signing-field-values';

let cachedSchema: Schema | undefined;

/** The ProseMirror schema of a contract, built once from the shared extensions. */
export function contractSchema(): Schema {
  cachedSchema ??= getSchema(contractExtensions());
  return cachedSchema;
}

export const emptyDocument: EditorDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

/** Hex, rgb()/rgba()/hsl()/hsla() or a plain colour name: nothing that can carry another declaration or a url(). */
const safeColor = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\(\s*[\d.%\s,/]+\)|[a-z]{3,20})$/i;

const safeLanguage = /^[a-z0-9+#._-]{1,32}$/i;

export class InvalidContentError extends Error {
  override readonly name: string = 'InvalidContentError';
}

/** A document beyond the product's limits (contractLimits). */
export class ContentTooLargeError extends InvalidContentError {
  override readonly name = 'ContentTooLargeError';
}

/**
 * Checks a document against the contract schema and returns its canonical JSON. Unknown node
 * or mark types, unknown attributes, content in the wrong place and unsafe attribute values are
 * refused, so nothing the editor could not have produced is ever stored.
 */
export function normalizeDocument(json: unknown): EditorDocument {
  checkSize(json);
  let node: ProseMirrorNode;
  try {
    node = ProseMirrorNode.fromJSON(contractSchema(), json);
    node.check();
  } catch (error) {
    throw new InvalidContentError(`Content is not a valid contract document: ${(error as Error).message}`);
  }
  if (node.type.name !== 'doc') throw new InvalidContentError('Content must be a document');
  node.descendants((child) => {
    const align = child.attrs.textAlign;
    if (align !== undefined && align !== null && !(textAlignments as readonly string[]).includes(align)) {
      throw new InvalidContentError(`Unsupported text alignment: ${String(align)}`);
    }
    const language = child.attrs.language;
    if (
      language !== undefined &&
      language !== null &&
      !(typeof language === 'string' && safeLanguage.test(language))
    ) {
      throw new InvalidContentError(`Unsupported code language: ${String(language)}`);
    }
    if (child.type.name === 'orderedList') {
      const { start, type } = child.attrs;
      if (!(Number.isInteger(start) && start >= 0 && start <= 1_000_000)) {
        throw new InvalidContentError(`Unsupported list start: ${String(start)}`);
      }
      if (!(type === null || type === undefined || ['1', 'a', 'A', 'i', 'I'].includes(type))) {
        throw new InvalidContentError(`Unsupported list type: ${String(type)}`);
      }
    }
    if (child.type.name === 'mergeField') {
      const problem = mergeFieldProblem(child.attrs);
      if (problem) throw new InvalidContentError(problem);
    }
    if (child.type.name === 'signingField') {
      const problem = signingFieldProblem(child.attrs);
      if (problem) throw new InvalidContentError(problem);
    }
    if (child.type.name === 'orderedList' && ![null, undefined, 'legal'].includes(child.attrs.numbering)) {
      throw new InvalidContentError(`Unsupported list numbering: ${String(child.attrs.numbering)}`);
    }
    const indent = child.attrs.indent;
    if (indent !== undefined && !(Number.isInteger(indent) && indent >= 0 && indent <= maxIndent)) {
      throw new InvalidContentError(`Unsupported indent: ${String(indent)}`);
    }
    if (child.type.name === 'tableCell' || child.type.name === 'tableHeader') checkCell(child.attrs);
    const level = child.attrs.level;
    if (child.type.name === 'heading' && !(Number.isInteger(level) && level >= 1 && level <= 6)) {
      throw new InvalidContentError(`Unsupported heading level: ${String(level)}`);
    }
    for (const mark of child.marks) {
      if (mark.type.name === 'link') checkLink(mark.attrs);
      const color = mark.attrs.color;
      if (color !== undefined && color !== null && !(typeof color === 'string' && safeColor.test(color))) {
        throw new InvalidContentError(`Unsupported text colour: ${String(color)}`);
      }
    }
  });
  return node.toJSON() as EditorDocument;
}

const cellAlignments = [null, 'left', 'center', 'right'];
const maxSpan = 100;
const maxColumnWidth = 10_000;

function checkCell(attrs: Record<string, unknown>): void {
  for (const span of [attrs.colspan, attrs.rowspan]) {
    if (!(Number.isInteger(span) && (span as number) >= 1 && (span as number) <= maxSpan)) {
      throw new InvalidContentError(`Unsupported cell span: ${String(span)}`);
    }
  }
  const widths = attrs.colwidth;
  if (
    widths !== null &&
    !(
      Array.isArray(widths) &&
      widths.length <= maxSpan &&
      widths.every((width) => Number.isInteger(width) && width >= 0 && width <= maxColumnWidth)
    )
  ) {
    throw new InvalidContentError('Unsupported column width');
  }
  if (!cellAlignments.includes(attrs.align as string | null)) {
    throw new InvalidContentError(`Unsupported cell alignment: ${String(attrs.align)}`);
  }
}

/** A link keeps only a safe address; everything else about it is fixed by the editor. */
function checkLink(attrs: Record<string, unknown>): void {
  if (safeLinkHref(attrs.href) !== attrs.href) {
    throw new InvalidContentError('Links may only point to http, https or mailto addresses');
  }
  if (![null, '_blank'].includes(attrs.target as string | null)) {
    throw new InvalidContentError('Unsupported link target');
  }
  if (![null, 'noopener noreferrer nofollow'].includes(attrs.rel as string | null) || attrs.class !== null) {
    throw new InvalidContentError('Unsupported link attributes');
  }
  if (!(attrs.title === null || (typeof attrs.title === 'string' && attrs.title.length <= 500))) {
    throw new InvalidContentError('Unsupported link title');
  }
}

const inlineTypes = new Set(['text', 'hardBreak', 'mergeField', 'signingField']);
const listTypes = new Set(['bulletList', 'orderedList']);

/**
 * Refuses a document beyond the product's limits before ProseMirror builds it: one pass over the
 * raw JSON without recursion, counting nodes and text and measuring nesting (any shape: the
 * schema check comes after). ProseMirror, JSON.stringify and the PDF layout all recurse per
 * level, so depth is bounded here, first, wherever a document comes from.
 */
function checkSize(json: unknown): void {
  let nodes = 0;
  let blocks = 0;
  let characters = 0;
  // Each entry: a node, its level, and how many lists it sits in.
  const stack: [unknown, number, number][] = [[json, 0, 0]];
  while (stack.length > 0) {
    const [node, level, lists] = stack.pop() as [
      { text?: unknown; content?: unknown } | null,
      number,
      number,
    ];
    if (node === null || typeof node !== 'object') continue;
    if (level > contractLimits.depth) {
      throw new ContentTooLargeError(
        `This document is nested too deeply: its lists, tables and quotes go more than ${contractLimits.depth} levels within one another. Flatten some of the nesting and try again.`,
      );
    }
    const type = (node as { type?: unknown }).type;
    const listsBelow = listTypes.has(type as string) ? lists + 1 : lists;
    if (listsBelow > contractLimits.listNesting) {
      throw new ContentTooLargeError(
        `A list is nested more than ${contractLimits.listNesting} levels deep, which is as deep as Word goes. Outdent some of its items and try again.`,
      );
    }
    nodes += 1;
    if (nodes > contractLimits.nodes) {
      throw new ContentTooLargeError(
        `This document is too long: it has more than ${formatCount(contractLimits.nodes)} parts (paragraphs, list items, formatted runs). Split it into several contracts.`,
      );
    }
    if (typeof node.text === 'string') characters += node.text.length;
    // Every node but inline ones takes at least a line, empty or not.
    if (!inlineTypes.has(type as string)) {
      blocks += 1;
      if (blocks > contractLimits.blocks) {
        throw new ContentTooLargeError(
          `This document is too long: it has more than ${formatCount(contractLimits.blocks)} paragraphs, headings and list items. Split it into several contracts.`,
        );
      }
    }
    if (Array.isArray(node.content)) {
      let blockText = 0;
      for (const child of node.content) {
        stack.push([child, level + 1, listsBelow]);
        const text = (child as { text?: unknown } | null)?.text;
        if (typeof text === 'string') blockText += text.length;
      }
      if (blockText > contractLimits.blockCharacters) {
        throw new ContentTooLargeError(
          `A paragraph is too long: ${formatCount(blockText)} characters, at most ${formatCount(contractLimits.blockCharacters)}. Break it into several paragraphs.`,
        );
      }
    }
  }
  if (characters > contractLimits.characters) {
    throw new ContentTooLargeError(
      `This document is too long: ${formatCount(characters)} characters, at most ${formatCount(contractLimits.characters)} (about 300 pages). Split it into several contracts.`,
    );
  }
}
