import { fieldLimits, patternLimits } from './field-limits';

/** A field's options as both kinds of field hold them (a placed field's, a field in the text's). */
export type FieldOptionsShape = {
  choices?: readonly string[];
  multiline?: boolean;
  format?: 'number' | 'email' | 'pattern';
  pattern?: string;
  maxLength?: number;
};

/**
 * Why a radio group's or a dropdown's choices are refused, or null: 2 to 50 different choices,
 * each 1 to 100 characters with no space around it. The same rule for placed fields and fields in
 * the text; the words follow "Field 3:" (each caller words its own refusal around them).
 */
export function choicesProblem(choices: unknown): string | null {
  if (!Array.isArray(choices) || choices.length < fieldLimits.leastChoices)
    return 'a radio group or a dropdown needs at least two choices';
  if (choices.length > fieldLimits.mostChoices)
    return `a radio group or a dropdown has at most ${fieldLimits.mostChoices} choices`;
  const wellFormed = (choice: unknown) =>
    typeof choice === 'string' &&
    choice.trim() === choice &&
    choice.length >= 1 &&
    choice.length <= fieldLimits.choiceCharacters;
  if (!choices.every(wellFormed))
    return `a choice has 1 to ${fieldLimits.choiceCharacters} characters, with no space around them`;
  if (new Set(choices).size !== choices.length) return 'its choices must differ';
  return null;
}

/** Why a label is refused, or null: text of at most 100 characters. */
export function labelProblem(label: unknown): string | null {
  return typeof label !== 'string' || label.length > fieldLimits.label
    ? `a label is text of at most ${fieldLimits.label} characters`
    : null;
}

/**
 * The most characters a text field takes: its own most, and with a pattern at most
 * `patternLimits.textCharacters`, whatever it says (what bounds the matching's cost).
 */
export function mostCharacters(
  options: Pick<FieldOptionsShape, 'pattern' | 'maxLength'>,
): number | undefined {
  if (!options.pattern) return options.maxLength;
  return Math.min(options.maxLength ?? patternLimits.textCharacters, patternLimits.textCharacters);
}

/**
 * Why a text field's options are refused (their shape aside, which the API's schema checks), or
 * null, with the part refused: a pattern goes with the pattern format and it with a pattern, and
 * a field with a pattern takes at most `patternLimits.textCharacters`. The pattern's own syntax is
 * `compilePattern`'s (pattern-check.ts).
 */
export function textOptionsProblem(
  options: FieldOptionsShape,
): { part: 'pattern' | 'maxLength'; words: string } | null {
  if (options.format === 'pattern' && !options.pattern)
    return { part: 'pattern', words: 'a pattern format needs its pattern' };
  if (options.pattern && options.format !== 'pattern')
    return { part: 'pattern', words: 'a pattern goes with the pattern format' };
  if (options.pattern && (options.maxLength ?? 0) > patternLimits.textCharacters) {
    return {
      part: 'maxLength',
      words: `a text field with a pattern takes at most ${patternLimits.textCharacters} characters: lower its most characters`,
    };
  }
  return null;
}
