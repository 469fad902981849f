import { diffArrays } from 'diff';
import type { EditorDocument, EditorMark, EditorNode } from '../../shared/api/editor-document';
import { blockKey, diffKeys, maxMovedBlocks } from './diff-keys';
import { type InlineToken, isMarkedInline, isWord, joinText, tokenize, withMark } from './tokens';

export const insertionMark: EditorMark = { type: 'insertion' };
export const deletionMark: EditorMark = { type: 'deletion' };

export type RedlineSummary = {
  /** Words (not spaces or punctuation) added and removed. */
  insertedWords: number;
  deletedWords: number;
  /**
   * False when a part was too different to compare word by word within the bounds (it is then
   * shown as removed and added whole): the redline is right, only coarser there.
   */
  wordByWord: boolean;
};

export type Redline = { document: EditorDocument; summary: RedlineSummary };

/** Nodes whose content is text and inline nodes: compared word by word. */
const textBlocks = new Set(['paragraph', 'heading', 'codeBlock']);

/**
 * The bounds of one comparison (Myers' diff is O(N·D)): past them a block, or a list of blocks,
 * is shown as replaced whole rather than compared, so no pair of documents can hold the thread.
 * Lists of blocks are bounded by `maxMovedBlocks` (blocks rewritten or added do not count).
 */
const maxInlineEdits = 1000;
/** And a time bound for one block's word comparison, whatever its size. */
const inlineTimeoutMs = 250;

/** Below this share of words in common, two paragraphs are a removal and an addition, not an edit. */
const minSimilarity = 0.35;

type Counts = RedlineSummary;

/**
 * Compares two versions of a contract as a redline: the later document, with what was added
 * marked `insertion` and what was removed put back in its place and marked `deletion`, word by
 * word inside headings, paragraphs, list items and table cells. Blocks are matched first (moved
 * clauses show as removed in one place and added in another, as in Word), then words within the
 * blocks that changed. List numbers are not text, so renumbering alone is no change.
 */
export function compareDocuments(before: EditorDocument, after: EditorDocument): Redline {
  const counts: Counts = { insertedWords: 0, deletedWords: 0, wordByWord: true };
  const content = diffChildren(before.content ?? [], after.content ?? [], counts);
  return { document: { type: 'doc', content }, summary: counts };
}

function diffChildren(before: EditorNode[], after: EditorNode[], counts: Counts): EditorNode[] {
  const beforeKeys = before.map(blockKey);
  const afterKeys = after.map(blockKey);
  const parts = diffKeys(beforeKeys, afterKeys, maxMovedBlocks);
  if (!parts) {
    counts.wordByWord = false;
    return [
      ...before.map((node) => marked(node, deletionMark, counts)),
      ...after.map((node) => marked(node, insertionMark, counts)),
    ];
  }
  const result: EditorNode[] = [];
  let i = 0;
  let j = 0;
  // A removed run waits for the added run that may follow it: together they are a replacement.
  let removed: EditorNode[] = [];
  const flush = () => {
    result.push(...removed.map((node) => marked(node, deletionMark, counts)));
    removed = [];
  };
  for (const part of parts) {
    if (part.removed) {
      flush();
      removed = before.slice(i, i + part.count);
      i += part.count;
    } else if (part.added) {
      const added = after.slice(j, j + part.count);
      j += part.count;
      result.push(...pairRuns(removed, added, counts));
      removed = [];
    } else {
      flush();
      result.push(...after.slice(j, j + part.count));
      i += part.count;
      j += part.count;
    }
  }
  flush();
  return result;
}

/**
 * A run of blocks replaced by another: each removed block is paired with the most alike added
 * block of the same type, in order (a changed paragraph, a list with an item added, a table with
 * a row added), and compared inside; the others were removed or added. Pairs are chosen by
 * dynamic programming over the two runs (the largest total likeness), or in order when the runs
 * are too long for it.
 */
function pairRuns(removed: EditorNode[], added: EditorNode[], counts: Counts): EditorNode[] {
  let pairs =
    removed.length * added.length <= maxPairings ? bestPairs(removed, added) : inOrder(removed, added);
  if (!pairs) {
    counts.wordByWord = false;
    pairs = [];
  }
  const result: EditorNode[] = [];
  let i = 0;
  let j = 0;
  for (const [from, to] of [...pairs, [removed.length, added.length] as const]) {
    result.push(...removed.slice(i, from).map((node) => marked(node, deletionMark, counts)));
    result.push(...added.slice(j, to).map((node) => marked(node, insertionMark, counts)));
    const pair = [removed[from], added[to]] as const;
    if (!pair[0] || !pair[1]) break;
    result.push(...diffNode(pair[0], pair[1], counts));
    i = from + 1;
    j = to + 1;
  }
  return result;
}

const maxPairings = 40_000;

/** Pairs (removed index, added index), increasing in both, with the largest total likeness. */
function bestPairs(removed: EditorNode[], added: EditorNode[]): (readonly [number, number])[] {
  const rows = removed.length;
  const columns = added.length;
  const removedWords = removed.map(wordsOf);
  const addedWords = added.map(wordsOf);
  // best(i, j): the largest total likeness of pairs within removed[i..] and added[j..].
  const totals = new Float64Array((rows + 1) * (columns + 1));
  const likeness = new Float64Array(rows * columns);
  const best = (i: number, j: number) => totals[i * (columns + 1) + j] ?? 0;
  const like = (i: number, j: number) => likeness[i * columns + j] ?? 0;
  removed.forEach((before, i) => {
    added.forEach((after, j) => {
      if (before.type === after.type) {
        likeness[i * columns + j] = alike(
          before,
          after,
          removedWords[i] ?? new Map(),
          addedWords[j] ?? new Map(),
        );
      }
    });
  });
  for (let i = rows - 1; i >= 0; i -= 1) {
    for (let j = columns - 1; j >= 0; j -= 1) {
      const paired = like(i, j) >= minSimilarity ? like(i, j) + best(i + 1, j + 1) : 0;
      totals[i * (columns + 1) + j] = Math.max(paired, best(i + 1, j), best(i, j + 1));
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < rows && j < columns) {
    if (like(i, j) >= minSimilarity && best(i, j) === like(i, j) + best(i + 1, j + 1)) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (best(i, j) === best(i + 1, j)) i += 1;
    else j += 1;
  }
  return pairs;
}

/** Long runs: blocks of the same type paired in order (null if the types are too far apart to tell). */
function inOrder(removed: EditorNode[], added: EditorNode[]): (readonly [number, number])[] | null {
  const parts = diffKeys(
    removed.map((node) => node.type),
    added.map((node) => node.type),
    maxMovedBlocks,
  );
  if (!parts) return null;
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  for (const part of parts) {
    if (part.removed) i += part.count;
    else if (part.added) j += part.count;
    else for (let k = 0; k < part.count; k += 1, i += 1, j += 1) pairs.push([i, j]);
  }
  return pairs;
}

/**
 * How alike two blocks of one type are, 0 to 1: the share of words in common (Dice) for text,
 * and a middling likeness for containers (a list or a table is worth comparing inside).
 */
function alike(
  before: EditorNode,
  after: EditorNode,
  beforeWords: Map<string, number>,
  afterWords: Map<string, number>,
): number {
  if (!textBlocks.has(after.type)) return after.content ? 0.5 : 1;
  let total = 0;
  let common = 0;
  for (const [word, count] of beforeWords) {
    total += count;
    common += Math.min(count, afterWords.get(word) ?? 0);
  }
  for (const count of afterWords.values()) total += count;
  return total === 0 ? (before.type === after.type ? 1 : 0) : (2 * common) / total;
}

/** The words of a text block, counted. */
function wordsOf(node: EditorNode): Map<string, number> {
  const words = new Map<string, number>();
  if (!textBlocks.has(node.type)) return words;
  for (const token of tokenize(node.content)) {
    if (isWord(token)) words.set(token.key, (words.get(token.key) ?? 0) + 1);
  }
  return words;
}

/** Two blocks of the same type: compared inside, or (text too different) removed and added whole. */
function diffNode(before: EditorNode, after: EditorNode, counts: Counts): EditorNode[] {
  if (textBlocks.has(after.type)) {
    const inline = diffInline(before.content, after.content);
    if (inline === 'tooManyEdits') counts.wordByWord = false;
    if (typeof inline === 'string') {
      return [marked(before, deletionMark, counts), marked(after, insertionMark, counts)];
    }
    counts.insertedWords += inline.insertedWords;
    counts.deletedWords += inline.deletedWords;
    return [{ ...after, content: inline.content }];
  }
  if (!after.content) return [after];
  return [{ ...after, content: diffChildren(before.content ?? [], after.content, counts) }];
}

type InlineDiff = { content: EditorNode[]; insertedWords: number; deletedWords: number };

function diffInline(
  before: EditorNode[] | undefined,
  after: EditorNode[] | undefined,
): InlineDiff | 'tooManyEdits' | 'tooDifferent' {
  const beforeTokens = tokenize(before);
  const afterTokens = tokenize(after);
  const parts = diffArrays(beforeTokens, afterTokens, {
    comparator: (left: InlineToken, right: InlineToken) => left.key === right.key,
    maxEditLength: maxInlineEdits,
    timeout: inlineTimeoutMs,
  });
  if (!parts) return 'tooManyEdits';
  const nodes: EditorNode[] = [];
  let common = 0;
  let insertedWords = 0;
  let deletedWords = 0;
  for (const part of parts) {
    const words = part.value.filter(isWord).length;
    const mark = part.added ? insertionMark : part.removed ? deletionMark : null;
    if (part.added) insertedWords += words;
    else if (part.removed) deletedWords += words;
    else common += words;
    nodes.push(
      ...withMark(
        part.value.map((token) => token.node),
        mark,
      ),
    );
  }
  const total = common * 2 + insertedWords + deletedWords;
  if (total > 0 && (common * 2) / total < minSimilarity) return 'tooDifferent';
  return { content: joinText(nodes), insertedWords, deletedWords };
}

/** A whole block removed or added: every piece of text in it marked, and its words counted. */
function marked(node: EditorNode, mark: EditorMark, counts: Counts): EditorNode {
  if (isMarkedInline(node)) {
    const words = node.type === 'text' ? tokenize([node]).filter(isWord).length : 1;
    if (mark === insertionMark) counts.insertedWords += words;
    else counts.deletedWords += words;
    return { ...node, marks: [...(node.marks ?? []), mark] };
  }
  if (!node.content) return node;
  return { ...node, content: node.content.map((child) => marked(child, mark, counts)) };
}
