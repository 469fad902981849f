import type { EditorDocument, EditorMark, EditorNode } from '../../shared/api/editor-document';
import { isMarkedInline, joinText } from './tokens';

type RedlineType = 'insertion' | 'deletion';

/** One change of a redline, as the person deciding on it reads it. */
export type RedlineChange = { id: number; inserted: string; deleted: string };

const textBlocks = new Set(['paragraph', 'heading', 'codeBlock']);

const redlineTypeOf = (mark: EditorMark): RedlineType | null =>
  mark.type === 'insertion' || mark.type === 'deletion' ? mark.type : null;

function redlineMarkOf(node: EditorNode): EditorMark | undefined {
  return node.marks?.find((mark) => redlineTypeOf(mark) !== null);
}

function inlineOf(node: EditorNode): EditorNode[] {
  if (isMarkedInline(node)) return [node];
  return (node.content ?? []).flatMap(inlineOf);
}

/** The one redline type all of a block's text carries, if all of it carries the same one. */
function wholeBlockType(node: EditorNode): RedlineType | null {
  const inline = inlineOf(node);
  if (inline.length === 0) return null;
  const types = new Set(inline.map((child) => redlineMarkOf(child)?.type ?? 'none'));
  const [only] = [...types];
  return types.size === 1 && (only === 'insertion' || only === 'deletion') ? only : null;
}

function withChangeId(node: EditorNode, id: number): EditorNode {
  if (isMarkedInline(node)) {
    return {
      ...node,
      marks: (node.marks ?? []).map((mark) =>
        redlineTypeOf(mark) ? { type: mark.type, attrs: { change: id } } : mark,
      ),
    };
  }
  return node.content ? { ...node, content: node.content.map((child) => withChangeId(child, id)) } : node;
}

/**
 * Numbers the changes of a redline (in document order, from 1), so each can be accepted or
 * rejected on its own: a run of added and removed words inside a paragraph is one change (a
 * replacement), and a block added or removed whole (a paragraph, a list item, a table row) is one.
 * The number is the `change` attribute of the redline marks.
 */
export function numberChanges(document: EditorDocument): {
  document: EditorDocument;
  changes: RedlineChange[];
} {
  const changes: RedlineChange[] = [];
  const next = (nodes: EditorNode[]): RedlineChange => {
    const change = { id: changes.length + 1, inserted: '', deleted: '' };
    for (const node of nodes.flatMap(inlineOf)) {
      const text = node.type === 'text' ? (node.text ?? '') : '{field}';
      if (redlineMarkOf(node)?.type === 'insertion') change.inserted += text;
      else change.deleted += text;
    }
    changes.push(change);
    return change;
  };
  const blocks = (nodes: EditorNode[]): EditorNode[] =>
    nodes.map((node) => {
      if (wholeBlockType(node) && (textBlocks.has(node.type) || node.content)) {
        return withChangeId(node, next([node]).id);
      }
      if (textBlocks.has(node.type)) return { ...node, content: inline(node.content ?? []) };
      return node.content ? { ...node, content: blocks(node.content) } : node;
    });
  const inline = (nodes: EditorNode[]): EditorNode[] => {
    const out: EditorNode[] = [];
    let run: EditorNode[] = [];
    const flush = () => {
      if (run.length === 0) return;
      const { id } = next(run);
      out.push(...run.map((node) => withChangeId(node, id)));
      run = [];
    };
    for (const node of nodes) {
      if (redlineMarkOf(node)) run.push(node);
      else {
        flush();
        out.push(node);
      }
    }
    flush();
    return out;
  };
  const content = blocks(document.content ?? []);
  return { document: { type: 'doc', content }, changes };
}

/**
 * The document a numbered redline becomes when the given changes are accepted and the others
 * rejected: an accepted addition stays and an accepted removal goes; a rejected one the reverse.
 * Containers left empty (a list whose every item was removed) go too.
 */
export function applyChanges(document: EditorDocument, accepted: ReadonlySet<number>): EditorDocument {
  const keeps = (mark: EditorMark) => {
    const id = Number(mark.attrs?.change);
    return mark.type === 'insertion' ? accepted.has(id) : !accepted.has(id);
  };
  const strip = (node: EditorNode): EditorNode => {
    if (isMarkedInline(node)) {
      const marks = (node.marks ?? []).filter((mark) => !redlineTypeOf(mark));
      const { marks: _marks, ...rest } = node;
      return marks.length > 0 ? { ...rest, marks } : rest;
    }
    return node.content ? { ...node, content: node.content.map(strip) } : node;
  };
  const blocks = (nodes: EditorNode[]): EditorNode[] =>
    nodes.flatMap((node) => {
      const whole = wholeBlockType(node);
      const mark = whole ? inlineOf(node).map(redlineMarkOf)[0] : undefined;
      if (mark && (textBlocks.has(node.type) || node.content)) return keeps(mark) ? [strip(node)] : [];
      if (textBlocks.has(node.type)) {
        const kept = (node.content ?? []).filter((child) => {
          const redline = redlineMarkOf(child);
          return !redline || keeps(redline);
        });
        return [{ ...node, content: joinText(kept.map(strip)) }];
      }
      if (!node.content) return [node];
      const children = blocks(node.content);
      return children.length > 0 || node.content.length === 0 ? [{ ...node, content: children }] : [];
    });
  return { type: 'doc', content: blocks(document.content ?? []) };
}
