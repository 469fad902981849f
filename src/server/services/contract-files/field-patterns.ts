import { RE2JS } from 're2js';
import { compilePattern, type PatternProblem, patternLimits } from '../../../shared/fields';

/** The one pattern check (`compilePattern` of the field catalogue), with the server's RE2. */
const compile = (pattern: string) => compilePattern(RE2JS, pattern);

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
  const compiled = new Map<string, ReturnType<typeof compile>>();
  let cost = 0;
  for (const [index, { pattern, text }] of items.entries()) {
    let found = compiled.get(pattern);
    if (!found) {
      found = compile(pattern);
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
  const found = compile(pattern);
  return typeof found === 'string' ? found : null;
}
