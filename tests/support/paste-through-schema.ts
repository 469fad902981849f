import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser as ProseMirrorDOMParser } from '@tiptap/pm/model';
import { Window } from 'happy-dom';
import { contractSchema, normalizeDocument } from '../../src/editor/content';
import { cleanClipboardHtml } from '../../src/editor/paste/clean-clipboard-html';
import type { EditorDocument } from '../../src/shared/api/editor-document';

const window = new Window();

/** Parses HTML as a browser would (happy-dom follows the HTML standard's parser). */
export function parseHtml(html: string): Document {
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

export function readClipboardFixture(name: string): string {
  return readFileSync(join(import.meta.dirname, '..', 'fixtures', 'clipboard', name), 'utf8');
}

/**
 * What a paste of this clipboard HTML stores: the clean-up, then the contract schema's own
 * parse rules (as the editor applies them), then the server's document check.
 */
export function pasteThroughSchema(html: string): { clean: string; doc: EditorDocument } {
  const clean = cleanClipboardHtml(html, parseHtml);
  const body = parseHtml(`<body>${clean}</body>`).body;
  const node = ProseMirrorDOMParser.fromSchema(contractSchema()).parse(body as unknown as Node);
  return { clean, doc: normalizeDocument(node.toJSON()) };
}

type JsonNode = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: JsonNode[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
};

/** The document as an indented outline, for assertions a reader can check at a glance. */
export function outline(doc: EditorDocument): string[] {
  const lines: string[] = [];
  const textOf = (node: JsonNode): string =>
    node.text !== undefined
      ? node.marks?.length
        ? `[${node.marks.map((mark) => (mark.type === 'link' ? `link=${String(mark.attrs?.href)}` : mark.type)).join(',')}]${node.text}`
        : node.text
      : node.type === 'hardBreak'
        ? '\\n'
        : (node.content ?? []).map(textOf).join('');
  const walk = (node: JsonNode, indent: string) => {
    const attrs = node.attrs ?? {};
    switch (node.type) {
      case 'doc':
        for (const child of node.content ?? []) walk(child, indent);
        return;
      case 'paragraph':
      case 'heading': {
        const label = node.type === 'heading' ? `h${String(attrs.level)}` : 'p';
        const align = attrs.textAlign ? ` (${String(attrs.textAlign)})` : '';
        const indentSteps = attrs.indent ? ` (indent ${String(attrs.indent)})` : '';
        lines.push(`${indent}${label}${align}${indentSteps}: ${(node.content ?? []).map(textOf).join('')}`);
        return;
      }
      case 'orderedList': {
        const numbering = attrs.numbering === 'legal' ? ' legal' : '';
        const start = attrs.start !== 1 ? ` start=${String(attrs.start)}` : '';
        lines.push(`${indent}ol type=${String(attrs.type ?? '1')}${start}${numbering}`);
        for (const child of node.content ?? []) walk(child, `${indent}  `);
        return;
      }
      case 'bulletList':
        lines.push(`${indent}ul`);
        for (const child of node.content ?? []) walk(child, `${indent}  `);
        return;
      case 'listItem':
      case 'blockquote':
      case 'tableRow':
        lines.push(`${indent}${node.type === 'listItem' ? 'li' : node.type === 'tableRow' ? 'tr' : 'quote'}`);
        for (const child of node.content ?? []) walk(child, `${indent}  `);
        return;
      case 'table':
        lines.push(`${indent}table`);
        for (const child of node.content ?? []) walk(child, `${indent}  `);
        return;
      case 'tableCell':
      case 'tableHeader': {
        const span = `${attrs.colspan !== 1 ? ` colspan=${String(attrs.colspan)}` : ''}${attrs.rowspan !== 1 ? ` rowspan=${String(attrs.rowspan)}` : ''}${attrs.align ? ` align=${String(attrs.align)}` : ''}`;
        lines.push(`${indent}${node.type === 'tableHeader' ? 'th' : 'td'}${span}`);
        for (const child of node.content ?? []) walk(child, `${indent}  `);
        return;
      }
      default:
        lines.push(`${indent}${node.type}`);
        for (const child of node.content ?? []) walk(child, `${indent}  `);
    }
  };
  walk(doc as unknown as JsonNode, '');
  return lines;
}
