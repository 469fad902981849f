/**
 * Where a comment thread is in a document: a text quote selector over the document's plain text
 * (documentPlainText). The quote, a little of the text before and after it, and its offsets.
 */
export type TextAnchor = { quote: string; prefix: string; suffix: string; start: number; end: number };

/** How many copies of a prefix are tried, nearest first, when the quote itself is gone. */
const maxContextCandidates = 50;

/** How much text before and after a quote is kept to find it again. */
export const anchorContextLength = 32;

/** A passage edited in between its prefix and suffix is taken as the passage if it is not longer than this. */
const maxEditedPassage = (quote: string) => Math.max(quote.length * 3, quote.length + 400);

/** The anchor of characters `start … end` of a plain text: its quote and context. */
export function anchorAt(text: string, start: number, end: number): TextAnchor {
  return {
    quote: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - anchorContextLength), start),
    suffix: text.slice(end, end + anchorContextLength),
    start,
    end,
  };
}

/**
 * Maps an offset of the old text into the new one through the edit between them, taken as one
 * replaced region (their common start and end): an offset before the region stays, one after it
 * moves by the length the edit added or removed. Several edits far apart give an estimate, which
 * is what the nearest-quote rule needs.
 */
export function offsetMapper(oldText: string, newText: string): (offset: number) => number {
  const shorter = Math.min(oldText.length, newText.length);
  let head = 0;
  while (head < shorter && oldText.charCodeAt(head) === newText.charCodeAt(head)) head += 1;
  let tail = 0;
  while (
    tail < shorter - head &&
    oldText.charCodeAt(oldText.length - 1 - tail) === newText.charCodeAt(newText.length - 1 - tail)
  ) {
    tail += 1;
  }
  const delta = newText.length - oldText.length;
  const oldRegionEnd = oldText.length - tail;
  return (offset) => {
    if (offset <= head) return offset;
    if (offset >= oldRegionEnd) return offset + delta;
    return Math.min(offset, newText.length);
  };
}

export type Relocated =
  | { status: 'exact'; anchor: TextAnchor }
  | { status: 'edited'; anchor: TextAnchor }
  | { status: 'deleted' };

/** How many characters of `a` and `b` agree, read from their ends (for a prefix) or starts (a suffix). */
function agreement(a: string, b: string, fromEnd: boolean): number {
  const length = Math.min(a.length, b.length);
  let count = 0;
  while (count < length) {
    const x = fromEnd ? a.charCodeAt(a.length - 1 - count) : a.charCodeAt(count);
    const y = fromEnd ? b.charCodeAt(b.length - 1 - count) : b.charCodeAt(count);
    if (x !== y) break;
    count += 1;
  }
  return count;
}

function occurrences(text: string, needle: string, limit = 10_000): number[] {
  const found: number[] = [];
  if (!needle) return found;
  let at = text.indexOf(needle);
  while (at !== -1 && found.length < limit) {
    found.push(at);
    at = text.indexOf(needle, at + 1);
  }
  return found;
}

/**
 * Where copies of a prefix end: first those near the expected place, else anywhere (the first
 * 10,000), so a common prefix is not looked for through the whole of a long text.
 */
function prefixEnds(text: string, prefix: string, expected: number, limit: number): number[] {
  if (!prefix) return [0];
  const reach = limit + 5_000;
  const from = Math.max(0, expected - reach);
  const near = occurrences(text.slice(from, expected + reach), prefix).map((at) => from + at + prefix.length);
  return near.length > 0 ? near : occurrences(text, prefix).map((at) => at + prefix.length);
}

/**
 * Finds an anchor again in a (changed) plain text. `expected` is where its start is expected
 * now (its old offset, mapped through the edit when the old text is known).
 * 1. The exact quote nearest the expected offset; among equally near ones, the one whose
 *    surrounding text agrees most with the prefix and suffix.
 * 2. Else the text between the prefix and the suffix, when both are still there in that order
 *    near the expected offset (the passage itself was edited).
 * 3. Else the passage was deleted.
 */
export function relocateAnchor(text: string, anchor: TextAnchor, expected = anchor.start): Relocated {
  // Still exactly where expected: no copy can be nearer (the common case, and the cheap one).
  if (expected >= 0 && text.startsWith(anchor.quote, expected)) {
    return { status: 'exact', anchor: anchorAt(text, expected, expected + anchor.quote.length) };
  }
  const quoteAt = occurrences(text, anchor.quote);
  if (quoteAt.length > 0) {
    let best = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    let bestContext = -1;
    for (const at of quoteAt) {
      const distance = Math.abs(at - expected);
      if (distance > bestDistance) continue;
      const context =
        agreement(text.slice(Math.max(0, at - anchor.prefix.length), at), anchor.prefix, true) +
        agreement(
          text.slice(at + anchor.quote.length, at + anchor.quote.length + anchor.suffix.length),
          anchor.suffix,
          false,
        );
      if (distance < bestDistance || context > bestContext) {
        best = at;
        bestDistance = distance;
        bestContext = context;
      }
    }
    return { status: 'exact', anchor: anchorAt(text, best, best + anchor.quote.length) };
  }
  // The quote is gone: the passage between its context, if the context is still there.
  if (!anchor.prefix && !anchor.suffix) return { status: 'deleted' };
  const limit = maxEditedPassage(anchor.quote);
  // The prefix's copies nearest the expected place (a short prefix may be everywhere), each with
  // the suffix looked for only as far as an edited passage may reach: bounded work per thread.
  const starts = prefixEnds(text, anchor.prefix, expected, limit)
    .sort((a, b) => Math.abs(a - expected) - Math.abs(b - expected))
    .slice(0, maxContextCandidates);
  let found: { start: number; end: number } | null = null;
  let foundDistance = Number.POSITIVE_INFINITY;
  for (const start of starts) {
    let end = text.length;
    if (anchor.suffix) {
      const at = text.slice(start, start + limit + anchor.suffix.length).indexOf(anchor.suffix);
      if (at === -1) continue;
      end = start + at;
    }
    if (end - start > limit) continue;
    // Nothing left between them, or only the break between two blocks: the passage was deleted.
    if (text.slice(start, end).trim() === '') continue;
    const distance = Math.abs(start - expected);
    if (distance < foundDistance) {
      found = { start, end };
      foundDistance = distance;
    }
  }
  if (!found) return { status: 'deleted' };
  return { status: 'edited', anchor: anchorAt(text, found.start, found.end) };
}
