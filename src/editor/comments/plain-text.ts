import type { EditorDocument, EditorNode } from '../../shared/api/editor-document';

/** The nodes whose content is text: their texts are joined by "\n" into a document's plain text. */
const textblockTypes = new Set(['paragraph', 'heading', 'codeBlock']);

/**
 * A run of the plain text and where it sits in the ProseMirror document: characters
 * `offset … offset + length` of the text are positions `pos … pos + length` of the document.
 */
export type TextSegment = { offset: number; pos: number; length: number };

export type PlainText = { text: string; segments: TextSegment[] };

/**
 * The one definition of a document's plain text, which comments anchor to (server and web):
 * the text of every text block (paragraph, heading, code block), in document order, joined by
 * "\n". Inline nodes that are not text (a merge field, a line break) add nothing. The segments
 * map the text back to document positions (counted as ProseMirror counts them), for the editor.
 */
export function documentPlainText(doc: EditorDocument): PlainText {
  const parts: string[] = [];
  const segments: TextSegment[] = [];
  let offset = 0;
  let blocks = 0;

  /** Walks a node starting at document position `pos`; returns its size. */
  const walk = (node: EditorNode, pos: number, inTextblock: boolean): number => {
    if (node.type === 'text') {
      const text = node.text ?? '';
      if (inTextblock && text.length > 0) {
        segments.push({ offset, pos, length: text.length });
        parts.push(text);
        offset += text.length;
      }
      return text.length;
    }
    const children = node.content ?? [];
    const isTextblock = textblockTypes.has(node.type);
    // A leaf (no content array and no children) takes one position; a node with content opens and closes.
    if (!node.content && !isTextblock && isLeafType(node.type)) return 1;
    if (isTextblock) {
      if (blocks > 0) {
        parts.push('\n');
        offset += 1;
      }
      blocks += 1;
    }
    let size = 1;
    for (const child of children) size += walk(child, pos + size, isTextblock);
    return size + 1;
  };

  let pos = 0;
  for (const child of doc.content ?? []) pos += walk(child, pos, false);
  return { text: parts.join(''), segments };
}

const leafTypes = new Set(['hardBreak', 'horizontalRule', 'pageBreak', 'mergeField', 'signingField']);

function isLeafType(type: string): boolean {
  return leafTypes.has(type);
}

/**
 * The document range of plain-text characters `start … end`, or null when the range is not
 * in the text. A boundary between two segments (a block break, a merge field) maps to the
 * segment that holds the character.
 */
export function rangeOfText(
  segments: readonly TextSegment[],
  start: number,
  end: number,
): {
  from: number;
  to: number;
} | null {
  if (end <= start) return null;
  let from: number | null = null;
  let to: number | null = null;
  for (const segment of segments) {
    const segmentEnd = segment.offset + segment.length;
    if (from === null && start < segmentEnd && start >= segment.offset) {
      from = segment.pos + (start - segment.offset);
    }
    if (from === null && start < segment.offset && end > segment.offset) from = segment.pos;
    if (end > segment.offset && end <= segmentEnd) to = segment.pos + (end - segment.offset);
    else if (end > segmentEnd && from !== null) to = segment.pos + segment.length;
    if (segment.offset >= end) break;
  }
  if (from === null || to === null || to <= from) return null;
  return { from, to };
}

/** The plain-text offset of a document position (the inverse of rangeOfText, for a selection). */
export function offsetOfPosition(
  segments: readonly TextSegment[],
  pos: number,
  side: 'start' | 'end',
): number {
  let last = 0;
  for (const segment of segments) {
    if (pos < segment.pos) return side === 'start' ? segment.offset : last;
    if (pos <= segment.pos + segment.length) return segment.offset + (pos - segment.pos);
    last = segment.offset + segment.length;
  }
  return last;
}
