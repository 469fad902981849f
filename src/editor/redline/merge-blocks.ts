import { diffArrays } from 'diff';
import type { EditorDocument, EditorNode } from '../../shared/api/editor-document';

/** A stretch of the base's blocks [start, end) that one side replaced with `blocks`. */
type Edit = { start: number; end: number; blocks: EditorNode[] };

export type Merge = { ok: true; document: EditorDocument } | { ok: false; conflicts: number };
type ChildrenMerge = { ok: true; content: EditorNode[] } | { ok: false; conflicts: number };

/**
 * Nodes made of blocks, merged child by child when both sides changed the same one: a contract
 * is often one long numbered list of clauses, and two people changing different clauses of it
 * have not changed the same thing. Paragraphs and headings stay whole: two changes inside one
 * sentence are for a person to settle.
 */
const containers = new Set([
  'bulletList',
  'orderedList',
  'listItem',
  'table',
  'tableRow',
  'tableCell',
  'tableHeader',
  'blockquote',
]);

const key = (node: EditorNode) => JSON.stringify(node);
/** The node without its children: two versions of a container merge only if this is the same. */
const shell = (node: EditorNode) => JSON.stringify({ ...node, content: undefined });

function editsOf(base: string[], changed: EditorNode[], changedKeys: string[]): Edit[] {
  const edits: Edit[] = [];
  let i = 0;
  let j = 0;
  let open: Edit | null = null;
  const close = () => {
    if (!open) return;
    // A run of blocks each replaced by one block is that many edits of one block each, so a
    // change next to the other side's does not clash with it.
    if (open.end - open.start === open.blocks.length && open.blocks.length > 1) {
      const { start, blocks } = open;
      blocks.forEach((block, index) => {
        edits.push({ start: start + index, end: start + index + 1, blocks: [block] });
      });
    } else edits.push(open);
    open = null;
  };
  for (const part of diffArrays(base, changedKeys)) {
    if (!part.added && !part.removed) {
      close();
      i += part.count;
      j += part.count;
      continue;
    }
    open ??= { start: i, end: i, blocks: [] };
    if (part.removed) {
      i += part.count;
      open.end = i;
    } else {
      open.blocks.push(...changed.slice(j, j + part.count));
      j += part.count;
    }
  }
  close();
  return edits;
}

const overlaps = (a: Edit, b: Edit) =>
  a.start < b.end && b.start < a.end ? true : a.start === b.start && (a.start === a.end || b.start === b.end);

const same = (a: Edit, b: Edit) =>
  a.start === b.start && a.end === b.end && a.blocks.map(key).join() === b.blocks.map(key).join();

/**
 * Both sides replaced the same container with one of the same kind: its children are merged the
 * same way, one level down (documents are bounded in depth, so the recursion is too).
 */
function mergeInside(baseBlock: EditorNode | undefined, mine: Edit, theirs: Edit): EditorNode | null {
  if (!baseBlock || !containers.has(baseBlock.type)) return null;
  if (mine.start !== theirs.start || mine.end !== mine.start + 1 || theirs.end !== theirs.start + 1)
    return null;
  const [ours] = mine.blocks;
  const [their] = theirs.blocks;
  if (mine.blocks.length !== 1 || theirs.blocks.length !== 1 || !ours || !their) return null;
  if (shell(ours) !== shell(baseBlock) || shell(their) !== shell(baseBlock)) return null;
  const merged = mergeChildren(baseBlock.content ?? [], ours.content ?? [], their.content ?? []);
  return merged.ok ? { ...baseBlock, content: merged.content } : null;
}

function mergeChildren(
  baseBlocks: EditorNode[],
  ourBlocks: EditorNode[],
  theirBlocks: EditorNode[],
): ChildrenMerge {
  const baseKeys = baseBlocks.map(key);
  const ourEdits = editsOf(baseKeys, ourBlocks, ourBlocks.map(key));
  const theirEdits = editsOf(baseKeys, theirBlocks, theirBlocks.map(key));
  let conflicts = 0;
  const kept: Edit[] = [...ourEdits];
  for (const edit of theirEdits) {
    const clash = ourEdits.find((mine) => overlaps(mine, edit));
    if (!clash) {
      kept.push(edit);
      continue;
    }
    if (same(clash, edit)) continue;
    // Our edit may already have been merged with another of theirs: that is two of theirs on it.
    const index = kept.indexOf(clash);
    const inside = index >= 0 ? mergeInside(baseBlocks[edit.start], clash, edit) : null;
    if (inside) kept[index] = { ...clash, blocks: [inside] };
    else conflicts += 1;
  }
  if (conflicts > 0) return { ok: false, conflicts };
  kept.sort((a, b) => a.start - b.start || a.end - b.end);
  const content: EditorNode[] = [];
  let at = 0;
  for (const edit of kept) {
    content.push(...baseBlocks.slice(at, edit.start), ...edit.blocks);
    at = edit.end;
  }
  content.push(...baseBlocks.slice(at));
  return { ok: true, content };
}

/**
 * Merges two documents that each changed one base, block by block (paragraphs, headings, list
 * items, table cells): changes to different blocks are both kept, inside lists and tables too;
 * two different changes to the same paragraph or heading are a conflict, which a person must
 * settle. This is how suggestions made on an older version are applied to a draft that has
 * changed since.
 */
export function mergeBlocks(base: EditorDocument, ours: EditorDocument, theirs: EditorDocument): Merge {
  const merged = mergeChildren(base.content ?? [], ours.content ?? [], theirs.content ?? []);
  return merged.ok ? { ok: true, document: { type: 'doc', content: merged.content } } : merged;
}
