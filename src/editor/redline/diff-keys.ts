import { diffArrays } from 'diff';
import { stringify } from 'safe-stable-stringify';
import type { EditorNode } from '../../shared/api/editor-document';

/**
 * How many blocks one side of a comparison or a merge may have moved, repeated or dropped among
 * the blocks both sides hold (blocks rewritten, added or removed whole do not count: see
 * `diffKeys`); past it two lists of blocks are not compared. Myers' diff costs O(N·D): at 12,000
 * blocks, a list reversed or shuffled reaches this bound in about 0.3 s (6,000 took 9 s), and a
 * real edit — a section of a few hundred clauses moved — stays within it.
 */
export const maxMovedBlocks = 1000;

/**
 * A block as the key it is compared by: its JSON with every object's keys in order, so one block
 * written by two writers (the editor's key order, the content thread's, PostgreSQL's jsonb text of
 * documents stored before they were kept as json) is one key. With the keys as they came, a
 * rejected change put back into a stored block made it look rewritten, and the merge refused it
 * as a clash with the team's edit of that block.
 */
export const blockKey = (node: EditorNode): string => stringify(node) ?? '';

/** A run of a comparison: `count` items kept, removed from the first list or added from the second. */
export type Run = { count: number; added: boolean; removed: boolean };

/**
 * Two lists of keys (blocks as JSON text) compared with the fewest removals and additions (jsdiff's
 * Myers diff), or undefined when more than `maxEditLength` of them are needed; each stretch that
 * differs is given as its removed run, then its added run.
 *
 * Myers' diff costs O(N·D) for D removals and additions: a suggestion that rewrites every one of
 * N paragraphs has D = 2N, and took 47 s at 12,000. A key found on one side only can never be
 * kept, so such keys are set aside before the diff and counted as removed or added where they
 * stand (as GNU diff does with lines that have no match). That changes no result's length (the
 * longest common run is made of shared keys only) but D then counts only shared blocks that moved,
 * were repeated or were dropped: every paragraph rewritten is compared at once, and the bound is
 * reached only by reordering. Keys are numbered first, so comparing two is comparing two integers
 * whatever the length of the paragraphs.
 */
export function diffKeys(before: string[], after: string[], maxEditLength: number): Run[] | undefined {
  const ids = new Map<string, number>();
  const idOf = (key: string) => {
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  };
  const beforeIds = before.map(idOf);
  const afterIds = after.map(idOf);
  const inBefore = new Uint8Array(ids.size);
  const inAfter = new Uint8Array(ids.size);
  for (const id of beforeIds) inBefore[id] = 1;
  for (const id of afterIds) inAfter[id] = 1;
  // Where each shared key stands in its list.
  const beforeAt = beforeIds.flatMap((id, index) => (inAfter[id] ? [index] : []));
  const afterAt = afterIds.flatMap((id, index) => (inBefore[id] ? [index] : []));
  const parts = diffArrays(
    beforeAt.map((index) => beforeIds[index]),
    afterAt.map((index) => afterIds[index]),
    { maxEditLength },
  );
  if (!parts) return undefined;

  const runs: Run[] = [];
  const push = (count: number, added: boolean, removed: boolean) => {
    if (count === 0) return;
    const last = runs.at(-1);
    if (last && last.added === added && last.removed === removed) last.count += count;
    else runs.push({ count, added, removed });
  };
  // Positions reached in the two lists, and in the two lists of shared keys.
  let i = 0;
  let j = 0;
  let sharedI = 0;
  let sharedJ = 0;
  for (const part of parts) {
    if (part.removed) sharedI += part.count;
    else if (part.added) sharedJ += part.count;
    else {
      for (let k = 0; k < part.count; k += 1) {
        const keptI = beforeAt[sharedI + k] ?? i;
        const keptJ = afterAt[sharedJ + k] ?? j;
        push(keptI - i, false, true);
        push(keptJ - j, true, false);
        push(1, false, false);
        i = keptI + 1;
        j = keptJ + 1;
      }
      sharedI += part.count;
      sharedJ += part.count;
    }
  }
  push(before.length - i, false, true);
  push(after.length - j, true, false);
  return runs;
}
