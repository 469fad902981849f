import { RE2JS } from 're2js';
import { formatCount, patternLimits } from '../../../shared/limits';

/** Why a pattern is refused: RE2 cannot compile it, or its program is too large to match quickly. */
export type PatternProblem = 'syntax' | 'size';

/** What a refused pattern is told, after "its pattern" or "the pattern of …". */
export const patternProblemWords: Record<PatternProblem, string> = {
  syntax: 'is not a regular expression (RE2 syntax: no look-arounds or back-references)',
  size: `is too complex to check quickly (more than ${formatCount(patternLimits.instructions)} steps once compiled): write it with fewer or smaller repetitions`,
};

/**
 * A sender's pattern compiled by RE2, or why it is refused. RE2 has no look-arounds or
 * back-references and matches in time linear in the text, times its program's size: so that size
 * is bounded (`patternLimits.instructions`). Compiling a 200-character pattern can take 50 ms or
 * more, so it runs in the content thread (`judgePatterns`, `prepare-document.ts`), never on the
 * request thread.
 */
export function compilePattern(pattern: string): { compiled: RE2JS; instructions: number } | PatternProblem {
  if (pattern.length > patternLimits.characters) return 'size';
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch {
    return 'syntax';
  }
  const instructions = compiled.matcher('').programSize();
  return instructions > patternLimits.instructions ? 'size' : { compiled, instructions };
}

/** A pattern, and the text to match it against whole (null: the pattern is only checked). */
export type PatternItem = { pattern: string; text: string | null };

/**
 * The first of the items refused, by its place in the list, or null when all pass: a pattern RE2
 * cannot compile or too large ('syntax', 'size'), a text that does not match ('mismatch'), or
 * the whole set past `patternLimits.requestCost` ('budget'). Each pattern is compiled once, and the
 * texts are expected within `patternLimits.textCharacters` (checked before, on the request thread).
 */
export function judgePatterns(
  items: readonly PatternItem[],
): { index: number; problem: PatternProblem | 'mismatch' | 'budget' } | null {
  const compiled = new Map<string, ReturnType<typeof compilePattern>>();
  let cost = 0;
  for (const [index, { pattern, text }] of items.entries()) {
    let found = compiled.get(pattern);
    if (!found) {
      found = compilePattern(pattern);
      compiled.set(pattern, found);
      if (typeof found !== 'string') cost += found.instructions * 100;
    }
    if (typeof found === 'string') return { index, problem: found };
    if (text === null) continue;
    cost += found.instructions * Math.max(1, text.length);
    if (cost > patternLimits.requestCost) return { index, problem: 'budget' };
    if (!found.compiled.matches(text)) return { index, problem: 'mismatch' };
  }
  return null;
}

/** Why a pattern alone is refused, or null (the content thread's check of a drafted text's fields). */
export function patternProblem(pattern: string): PatternProblem | null {
  const found = compilePattern(pattern);
  return typeof found === 'string' ? found : null;
}
