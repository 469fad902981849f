import { type FieldOptions, fieldOptionsSchema } from '../shared/api/contract-fields';
import type { EditorDocument, EditorNode } from '../shared/api/editor-document';
import {
  choicesProblem,
  type FieldType,
  fieldKinds,
  fieldLimits,
  fieldTypeNames,
  fieldTypes,
  labelProblem,
  textOptionsProblem,
} from '../shared/fields';

/**
 * A signing field written in the drafted text: an inline atom saying what a signer fills there
 * (their signature, the date signed, a company name…) and which signer, by signing order (so a
 * template's field belongs to its role). At send it becomes a field placed where the PDF prints
 * it, and is signed in place like a field placed on an uploaded PDF.
 */
export type SigningFieldAttrs = {
  type: FieldType;
  signer: number;
  label: string;
  required: boolean;
  /** The choices of a radio group or a dropdown; null for the other types. */
  choices: string[] | null;
  /**
   * A text field's lines and what it must hold (a number, an e-mail address, a pattern, a most
   * characters), as for a text field placed on a PDF; null for the other types. Text saved before
   * fields had options has none.
   */
  options?: TextFieldOptions | null;
};

export type TextFieldOptions = Omit<FieldOptions, 'choices' | 'choiceBoxes'>;
export const textFieldOptionsSchema = fieldOptionsSchema.omit({ choices: true, choiceBoxes: true });

/** The chip's words: '[Signature · Ada Lovelace]', with the signer's name when it is known. */
export function signingFieldText(attrs: Partial<SigningFieldAttrs>, signerName?: string): string {
  const what = attrs.label || (attrs.type ? fieldTypeNames[attrs.type] : 'Field');
  return `[${what} · ${signerName || `Signer ${attrs.signer ?? '?'}`}]`;
}

/** Why a field's attributes are refused, or null when they are fine. */
export function signingFieldProblem(attrs: Record<string, unknown>): string | null {
  const { type, signer, label, required, choices, options } = attrs;
  if (!(fieldTypes as readonly unknown[]).includes(type))
    return `Unsupported signing field type: ${String(type)}`;
  if (!(Number.isInteger(signer) && (signer as number) >= 1 && (signer as number) <= fieldLimits.signer)) {
    return `A signing field is for a signer from 1 to ${fieldLimits.signer}`;
  }
  if (labelProblem(label)) {
    return `A signing field's label is text of at most ${fieldLimits.label} characters`;
  }
  if (typeof required !== 'boolean') return 'A signing field is required or not';
  if (fieldKinds[type as FieldType].options === 'choices') {
    if (choicesProblem(choices)) {
      return `A ${fieldTypeNames[type as FieldType].toLowerCase()} needs ${fieldLimits.leastChoices} to ${fieldLimits.mostChoices} different choices of at most ${fieldLimits.choiceCharacters} characters`;
    }
  } else if (choices !== null) {
    return `A ${fieldTypeNames[type as FieldType].toLowerCase()} has no choices`;
  }
  return textOptionsRefusal(type as FieldType, options);
}

/** Why a field's text options are refused (the pattern's syntax is checked on the server, by RE2). */
function textOptionsRefusal(type: FieldType, options: unknown): string | null {
  if (options === null || options === undefined) return null;
  if (fieldKinds[type].options !== 'text')
    return `A ${fieldTypeNames[type].toLowerCase()} has no text options`;
  const parsed = textFieldOptionsSchema.safeParse(options);
  if (!parsed.success)
    return 'A text field has one or several lines, may hold a number, an e-mail address or a pattern of at most 200 characters, and at most 4,000 characters';
  const problem = textOptionsProblem(parsed.data);
  if (!problem) return null;
  if (problem.part === 'pattern') return 'A text field’s pattern goes with the pattern format';
  return `${problem.words.charAt(0).toUpperCase()}${problem.words.slice(1)}`;
}

/** The signing fields of a stored document (JSON), in document order. Walks without recursion. */
export function signingFieldsInText(doc: EditorDocument): SigningFieldAttrs[] {
  const found: SigningFieldAttrs[] = [];
  const stack: EditorNode[] = [...(doc.content ?? [])].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as EditorNode;
    if (node.type === 'signingField') found.push(node.attrs as SigningFieldAttrs);
    for (let index = (node.content?.length ?? 0) - 1; index >= 0; index -= 1) {
      stack.push(node.content?.[index] as EditorNode);
    }
  }
  return found;
}

/**
 * The document with each signing field's recipient number changed by `numberOf` (old → new), as a
 * copy whose recipients are numbered again (services/contracts/copy-recipients.ts). The document
 * itself is left as it was; with nothing to change it is returned as it is.
 */
export function renumberTextFields(
  doc: EditorDocument,
  numberOf: ReadonlyMap<number, number>,
): EditorDocument {
  if ([...numberOf].every(([from, to]) => from === to)) return doc;
  const copy = structuredClone(doc);
  const stack: EditorNode[] = [...(copy.content ?? [])];
  while (stack.length > 0) {
    const node = stack.pop() as EditorNode;
    if (node.type === 'signingField' && node.attrs) {
      const attrs = node.attrs as Partial<SigningFieldAttrs>;
      const to = typeof attrs.signer === 'number' ? numberOf.get(attrs.signer) : undefined;
      if (to !== undefined) attrs.signer = to;
    }
    for (const child of node.content ?? []) stack.push(child);
  }
  return copy;
}
