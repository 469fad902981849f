import { diffArrays } from 'diff';
import { describe, expect, it } from 'vitest';
import { diffKeys, maxMovedBlocks } from '../../src/editor/redline/diff-keys';

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
