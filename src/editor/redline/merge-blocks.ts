import { diffArrays } from 'diff';
import type { EditorDocument, EditorNode } from '../../shared/api/editor-document';

/** A stretch of the base's top-level blocks [start, end) that one side replaced with `blocks`. */
type Edit = { start: number; end: number; blocks: EditorNode[] };

export type Merge = { ok: true; document: EditorDocument } | { ok: false; conflicts: number };

function editsOf(base: string[], changed: EditorNode[], changedKeys: string[]): Edit[] {
  const edits: Edit[] = [];
  let i = 0;
  let j = 0;
  let open: Edit | null = null;
  for (const part of diffArrays(base, changedKeys)) {
    if (!part.added && !part.removed) {
      if (open) edits.push(open);
      open = null;
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
  if (open) edits.push(open);
  return edits;
}

const overlaps = (a: Edit, b: Edit) =>
  a.start < b.end && b.start < a.end ? true : a.start === b.start && (a.start === a.end || b.start === b.end);

/**
 * Merges two documents that each changed one base, block by block (the top-level paragraphs,
 * headings, lists and tables): changes to different blocks are both kept; two different changes
 * to the same block are a conflict, which a person must settle. This is how suggestions made on
 * an older version are applied to a draft that has changed since.
 */
export function mergeBlocks(base: EditorDocument, ours: EditorDocument, theirs: EditorDocument): Merge {
  const key = (node: EditorNode) => JSON.stringify(node);
  const baseBlocks = base.content ?? [];
  const baseKeys = baseBlocks.map(key);
  const ourBlocks = ours.content ?? [];
  const theirBlocks = theirs.content ?? [];
  const ourEdits = editsOf(baseKeys, ourBlocks, ourBlocks.map(key));
  const theirEdits = editsOf(baseKeys, theirBlocks, theirBlocks.map(key));
  let conflicts = 0;
  const kept: Edit[] = [...ourEdits];
  for (const edit of theirEdits) {
    const clash = ourEdits.find((mine) => overlaps(mine, edit));
    if (!clash) kept.push(edit);
    else if (
      !(
        clash.start === edit.start &&
        clash.end === edit.end &&
        clash.blocks.map(key).join() === edit.blocks.map(key).join()
      )
    ) {
      conflicts += 1;
    }
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
  return { ok: true, document: { type: 'doc', content } };
}
