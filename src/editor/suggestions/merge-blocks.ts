import type { EditorDocument, EditorNode } from '../../shared/api/editor-document';
import { blockKey, diffKeys, maxMovedBlocks } from '../redline/diff-keys';

/** A stretch of the base's blocks [start, end) that one side replaced with `blocks`. */
type Edit = { start: number; end: number; blocks: EditorNode[] };

/** Why two versions were not merged: changes that clash, or too many blocks moved to tell (see below). */
type Refusal = { ok: false; conflicts: number } | { ok: false; tooManyMoves: true };
export type Merge = { ok: true; document: EditorDocument } | Refusal;
type ChildrenMerge = { ok: true; content: EditorNode[] } | Refusal;

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

/** The node without its children: two versions of a container merge only if this is the same. */
const shell = (node: EditorNode) => blockKey({ ...node, content: undefined });

function editsOf(base: string[], changed: EditorNode[], changedKeys: string[]): Edit[] | null {
  const runs = diffKeys(base, changedKeys, maxMovedBlocks);
  if (!runs) return null;
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
  for (const part of runs) {
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

/** `a` ends before `b` starts, and so before every later edit of the other side (edits come in order). */
const endsBefore = (a: Edit, b: Edit) => a.end < b.start || (a.end === b.start && a.start < a.end);

const same = (a: Edit, b: Edit) =>
  a.start === b.start && a.end === b.end && a.blocks.map(blockKey).join() === b.blocks.map(blockKey).join();

/**
 * Both sides replaced the same container with one of the same kind: its children are merged the
 * same way, one level down (documents are bounded in depth, so the recursion is too).
 */
function mergeInside(
  baseBlock: EditorNode | undefined,
  mine: Edit,
  theirs: Edit,
): EditorNode | Refusal | null {
  if (!baseBlock || !containers.has(baseBlock.type)) return null;
  if (mine.start !== theirs.start || mine.end !== mine.start + 1 || theirs.end !== theirs.start + 1)
    return null;
  const [ours] = mine.blocks;
  const [their] = theirs.blocks;
  if (mine.blocks.length !== 1 || theirs.blocks.length !== 1 || !ours || !their) return null;
  if (shell(ours) !== shell(baseBlock) || shell(their) !== shell(baseBlock)) return null;
  const merged = mergeChildren(baseBlock.content ?? [], ours.content ?? [], their.content ?? []);
  if ('tooManyMoves' in merged) return merged;
  return merged.ok ? { ...baseBlock, content: merged.content } : null;
}

function mergeChildren(
  baseBlocks: EditorNode[],
  ourBlocks: EditorNode[],
  theirBlocks: EditorNode[],
): ChildrenMerge {
  const baseKeys = baseBlocks.map(blockKey);
  const ourEdits = editsOf(baseKeys, ourBlocks, ourBlocks.map(blockKey));
  const theirEdits = editsOf(baseKeys, theirBlocks, theirBlocks.map(blockKey));
  if (!ourEdits || !theirEdits) return { ok: false, tooManyMoves: true };
  let conflicts = 0;
  // Our edits first, in order, so the one at `index` is kept[index] until merged with one of theirs.
  const kept: Edit[] = [...ourEdits];
  // Both lists are in order: those of ours before `first` end before every edit of theirs left.
  let first = 0;
  for (const edit of theirEdits) {
    while (first < ourEdits.length && endsBefore(ourEdits[first] as Edit, edit)) first += 1;
    let index = first;
    while (index < ourEdits.length && !overlaps(ourEdits[index] as Edit, edit)) {
      if ((ourEdits[index] as Edit).start > edit.end) index = ourEdits.length;
      else index += 1;
    }
    const clash = ourEdits[index];
    if (!clash) {
      kept.push(edit);
      continue;
    }
    if (same(clash, edit)) continue;
    // Our edit may already have been merged with another of theirs: that is two of theirs on it.
    const inside = kept[index] === clash ? mergeInside(baseBlocks[edit.start], clash, edit) : null;
    if (inside && 'ok' in inside) return inside;
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
 * changed since. Past `maxMovedBlocks` on either side, nothing is merged.
 */
export function mergeBlocks(base: EditorDocument, ours: EditorDocument, theirs: EditorDocument): Merge {
  const merged = mergeChildren(base.content ?? [], ours.content ?? [], theirs.content ?? []);
  return merged.ok ? { ok: true, document: { type: 'doc', content: merged.content } } : merged;
}
