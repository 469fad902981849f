import { formatCount } from '../limits';
import { patternLimits } from './field-limits';

/**
 * RE2 as the caller has it (`re2js`'s `RE2JS`): the server imports it, the web loads it when a
 * pattern is first shown, so the catalogue takes it as a parameter and never loads it itself.
 */
export type Re2 = {
  compile(pattern: string): {
    matches(text: string): boolean;
    matcher(text: string): { programSize(): number };
  };
};
export type CompiledPattern = ReturnType<Re2['compile']>;

/** Why a pattern is refused: RE2 cannot compile it, or its program is too large to match quickly. */
export type PatternProblem = 'syntax' | 'size';

/** What a refused pattern is told, after "its pattern" or "the pattern of …". */
export const patternProblemWords: Record<PatternProblem, string> = {
  syntax: 'is not a regular expression (RE2 syntax: no look-arounds or back-references)',
  size: `is too complex to check quickly (more than ${formatCount(patternLimits.instructions)} steps once compiled): write it with fewer or smaller repetitions`,
};

/**
 * The one check of a sender's pattern: compiled by RE2, or why it is refused. RE2 has no
 * look-arounds or back-references and matches in time linear in the text, times its program's
 * size: so that size is bounded (`patternLimits.instructions`). Compiling a 200-character pattern
 * can take 50 ms or more, so the server runs it in the content thread, never on the request thread.
 */
export function compilePattern(
  re2: Re2,
  pattern: string,
): { compiled: CompiledPattern; instructions: number } | PatternProblem {
  if (pattern.length > patternLimits.characters) return 'size';
  let compiled: CompiledPattern;
  try {
    compiled = re2.compile(pattern);
  } catch {
    return 'syntax';
  }
  const instructions = compiled.matcher('').programSize();
  return instructions > patternLimits.instructions ? 'size' : { compiled, instructions };
}
