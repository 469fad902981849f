import type { EditorDocument } from './api/editor-document';

type Node = { type?: string; text?: string; content?: Node[] };

/**
 * Whether a draft's text has anything to sign: a word, or anything but empty paragraphs. A
 * contract made of uploaded PDFs signs its drafted text only then (the send leaves an empty one
 * out), and its editor shows the text only then, or once the sender adds it.
 */
export function hasDraftedText(content: EditorDocument | undefined): boolean {
  if (!content) return false;
  const visit = (node: Node): boolean =>
    (node.type === 'text' && (node.text ?? '').trim() !== '') ||
    (node.type !== undefined && !['doc', 'paragraph', 'text', 'hardBreak'].includes(node.type)) ||
    (node.content ?? []).some(visit);
  return visit(content as Node);
}
