import type { EditorDocument } from '../../src/shared/api/editor-document';

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
