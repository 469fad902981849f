import type { PlacedFieldInput } from '../../../shared/api/contract-fields';
import { AppError } from '../../../shared/errors';
import {
  choicesProblem,
  fieldKinds,
  patternProblemWords,
  prefillProblem,
  textOptionsProblem,
} from '../../../shared/fields';
import type { ContractFileRow } from '../../db/schema';
import type { ContentEngine } from '../contracts/content-engine';
import type { PatternItem } from './field-patterns';

/** Rounding in the editor may put an edge a hair past the page's. */
const edge = 1 + 1e-6;

type Checked = Required<Pick<PlacedFieldInput, 'label' | 'required' | 'value' | 'options'>> &
  PlacedFieldInput;

/**
 * Checks fields placed on a contract's PDFs: each on one of its files and inside a page of it,
 * with what its type allows (choices for a radio group or dropdown, a text format, a pattern RE2
 * can compile within its bound, a prefill of the right kind). A refusal names the field by its
 * place in the list and says what is wrong. Everything cheap is checked first, on this thread;
 * then the patterns, compiled once each and bounded, are matched against their prefills in the
 * content thread (field-patterns.ts), so a sender's pattern never stalls the server.
 */
export async function checkFields(
  content: ContentEngine,
  fields: readonly Checked[],
  files: readonly ContractFileRow[],
): Promise<void> {
  const byId = new Map(files.map((file) => [file.id, file]));
  const ids = new Set<string>();
  const patterns: (PatternItem & { index: number })[] = [];
  for (const [index, field] of fields.entries()) {
    const refuse = refusalOf(field, index);
    if (field.id) {
      if (ids.has(field.id)) refuse('its id is given twice.', '.id');
      ids.add(field.id);
    }
    const file = byId.get(field.fileId) ?? refuse('it is on a PDF this contract does not hold.', '.fileId');
    if (field.page >= file.pageCount) {
      refuse(`it is on page ${field.page + 1}, but “${file.name}” has ${file.pageCount}.`, '.page');
    }
    if (field.x + field.width > edge || field.y + field.height > edge)
      refuse('it reaches past the edge of its page.');
    const { options, value, type } = field;
    if (fieldKinds[type].options === 'choices') {
      const problem = choicesProblem(options.choices ?? []);
      if (problem) refuse(`${problem}.`, '.options.choices');
    } else if (options.choices) refuse('only a radio group or a dropdown has choices.', '.options.choices');
    if (options.choiceBoxes) {
      if (type !== 'radio')
        refuse("only a radio group's choices have boxes of their own.", '.options.choiceBoxes');
      if (options.choiceBoxes.length !== (options.choices ?? []).length)
        refuse('it needs one box for each of its choices.', '.options.choiceBoxes');
      if (options.choiceBoxes.some((box) => !(box.width > 0 && box.height > 0)))
        refuse("a choice's box needs a width and a height.", '.options.choiceBoxes');
      if (options.choiceBoxes.some((box) => box.x + box.width > edge || box.y + box.height > edge))
        refuse("a choice's box reaches past the field's.", '.options.choiceBoxes');
    }
    if (type === 'text') {
      const problem = textOptionsProblem(options);
      if (problem) refuse(`${problem.words}.`, `.options.${problem.part}`);
      if (options.pattern) patterns.push({ index, pattern: options.pattern, text: value });
    } else if (options.multiline || options.format || options.pattern || options.maxLength) {
      refuse('only a text field has a format, a pattern, lines or a length.', '.options');
    }
    if (value === null) continue;
    const problem = prefillProblem(type, value, options);
    if (problem) refuse(`${problem}.`, '.value');
  }
  const refused = await content.judgePatterns(patterns.map(({ pattern, text }) => ({ pattern, text })));
  if (!refused) return;
  const { index } = patterns[refused.index] ?? { index: 0 };
  const refuse = refusalOf(fields[index] as Checked, index);
  const { problem } = refused;
  if (problem === 'mismatch') refuse('its value does not have the form asked for.', '.value');
  else if (problem === 'budget') {
    refuse(
      'the patterns of these fields take too long to check together: give fewer fields a pattern, or simpler ones.',
      '.options.pattern',
    );
  } else refuse(`its pattern ${patternProblemWords[problem]}.`, '.options.pattern');
}

/** How a field's refusal reads: named by its place in the list (and its label). */
function refusalOf(field: Checked, index: number) {
  return (message: string, part = ''): never => {
    throw new AppError(
      'INVALID_INPUT',
      `Field ${index + 1}${field.label ? ` (“${field.label}”)` : ''}: ${message}`,
      `fields.${index}${part}`,
    );
  };
}
