import { diffArrays } from 'diff';
import { describe, expect, it } from 'vitest';
import { compareDocuments } from '../../src/editor/redline/compare-documents';
import { blockKey, diffKeys, maxMovedBlocks } from '../../src/editor/redline/diff-keys';
import { mergeBlocks } from '../../src/editor/suggestions/merge-blocks';
import type { EditorNode } from '../../src/shared/api/editor-document';

/** Replays the runs on the two lists: what was kept must be equal, and both lists used up. */
function replay(before: string[], after: string[], runs: NonNullable<ReturnType<typeof diffKeys>>) {
  let i = 0;
  let j = 0;
  let edits = 0;
  for (const run of runs) {
    if (run.removed) i += run.count;
    else if (run.added) j += run.count;
    else {
      expect(after.slice(j, j + run.count)).toEqual(before.slice(i, i + run.count));
      i += run.count;
      j += run.count;
    }
    if (run.added || run.removed) edits += run.count;
  }
  expect([i, j]).toEqual([before.length, after.length]);
  return edits;
}

describe('comparing lists of blocks', () => {
  it('gives as few removals and additions as a plain diff, on lists with repeats and blocks of one side', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 2000; round += 1) {
      const kinds = 1 + Math.floor(random() * 6);
      const list = (offset: number) =>
        Array.from({ length: Math.floor(random() * 10) }, () => `k${Math.floor(random() * kinds) + offset}`);
      const before = list(0);
      const after = list(random() < 0.3 ? 3 : 0);
      const runs = diffKeys(before, after, maxMovedBlocks);
      if (!runs) throw new Error('bounded');
      const plain = (diffArrays(before, after) ?? [])
        .filter((part) => part.added || part.removed)
        .reduce((sum, part) => sum + part.count, 0);
      expect(replay(before, after, runs)).toBe(plain);
    }
  });

  it('compares every block rewritten at once, and refuses a list reordered past the bound', () => {
    const before = Array.from({ length: 12_000 }, (_, i) => `Clause ${i}.`);
    const rewritten = before.map((key) => `${key}!`);
    expect(diffKeys(before, rewritten, maxMovedBlocks)).toEqual([
      { count: 12_000, added: false, removed: true },
      { count: 12_000, added: true, removed: false },
    ]);
    expect(diffKeys(before, [...before].reverse(), maxMovedBlocks)).toBeUndefined();
    // Moves within the bound are found: a section of 400 clauses moved to the end.
    const moved = [...before.slice(400), ...before.slice(0, 400)];
    const runs = diffKeys(before, moved, maxMovedBlocks);
    expect(runs && replay(before, moved, runs)).toBe(800);
  });
});

describe('blocks written with their keys in another order', () => {
  // As PostgreSQL's jsonb printed a stored document (keys by length), and as the editor writes one.
  const stored = JSON.parse(
    '{"type": "paragraph", "attrs": {"textAlign": null}, "content": [{"text": "Delivery within thirty (30) days.", "type": "text"}]}',
  ) as EditorNode;
  const written: EditorNode = {
    type: 'paragraph',
    attrs: { textAlign: null },
    content: [{ type: 'text', text: 'Delivery within thirty (30) days.' }],
  };
  const paragraph = (text: string): EditorNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });

  it('are one block to a comparison: no change is seen', () => {
    expect(blockKey(stored)).toBe(blockKey(written));
    const redline = compareDocuments({ type: 'doc', content: [stored] }, { type: 'doc', content: [written] });
    expect(redline.summary).toMatchObject({ insertedWords: 0, deletedWords: 0 });
  });

  it('are one block to a merge: a block put back as it was does not clash with the team’s edit of it', () => {
    const base = { type: 'doc' as const, content: [paragraph('Price: 100 EUR.'), stored] };
    const draft = {
      type: 'doc' as const,
      content: [paragraph('Price: 100 EUR.'), paragraph('Delivery within 10 days.')],
    };
    // The suggestion's change to the price accepted, its change to delivery rejected (put back).
    const applied = { type: 'doc' as const, content: [paragraph('Price: 90 EUR.'), written] };
    const merged = mergeBlocks(base, draft, applied);
    expect(merged).toEqual({
      ok: true,
      document: {
        type: 'doc',
        content: [paragraph('Price: 90 EUR.'), paragraph('Delivery within 10 days.')],
      },
    });
  });
});
