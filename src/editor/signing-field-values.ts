import {
  type FieldOptions,
  type FieldType,
  fieldOptionsSchema,
  fieldTypeNames,
  fieldTypes,
  fieldTypesWithChoices,
  maxFieldSigner,
  patternLengthProblem,
} from '../shared/api/contract-fields';
import type { EditorDocument, EditorNode } from '../shared/api/editor-document';

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

export const signingFieldLimits = { label: 100, choice: 100, choices: 50 } as const;

/**
 * The box a field takes in the line where it is written, in points: room for a hand-drawn
 * signature, a date, a tick. A radio group is one box with a line for each choice.
 */
export function signingFieldSize(attrs: Pick<SigningFieldAttrs, 'type' | 'choices' | 'options'>): {
  width: number;
  height: number;
} {
  switch (attrs.type) {
    case 'signature':
      return { width: 150, height: 40 };
    case 'initials':
      return { width: 54, height: 30 };
    case 'image':
      return { width: 110, height: 70 };
    case 'checkbox':
      return { width: 13, height: 13 };
    case 'radio':
      return { width: 130, height: 14 * Math.max(2, attrs.choices?.length ?? 2) + 4 };
    case 'date':
    case 'dateSigned':
      return { width: 90, height: 18 };
    case 'text':
      return attrs.options?.multiline ? { width: 260, height: 46 } : { width: 150, height: 18 };
    default:
      return { width: 150, height: 18 };
  }
}

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
  if (!(Number.isInteger(signer) && (signer as number) >= 1 && (signer as number) <= maxFieldSigner)) {
    return `A signing field is for a signer from 1 to ${maxFieldSigner}`;
  }
  if (typeof label !== 'string' || label.length > signingFieldLimits.label) {
    return `A signing field's label is text of at most ${signingFieldLimits.label} characters`;
  }
  if (typeof required !== 'boolean') return 'A signing field is required or not';
  if (fieldTypesWithChoices.includes(type as FieldType)) {
    if (
      !Array.isArray(choices) ||
      choices.length < 2 ||
      choices.length > signingFieldLimits.choices ||
      !choices.every(
        (choice) =>
          typeof choice === 'string' &&
          choice.trim() === choice &&
          choice.length >= 1 &&
          choice.length <= signingFieldLimits.choice,
      ) ||
      new Set(choices).size !== choices.length
    ) {
      return `A ${fieldTypeNames[type as FieldType].toLowerCase()} needs 2 to ${signingFieldLimits.choices} different choices of at most ${signingFieldLimits.choice} characters`;
    }
  } else if (choices !== null) {
    return `A ${fieldTypeNames[type as FieldType].toLowerCase()} has no choices`;
  }
  return textOptionsProblem(type as FieldType, options);
}

/** Why a field's text options are refused (the pattern's syntax is checked on the server, by RE2). */
function textOptionsProblem(type: FieldType, options: unknown): string | null {
  if (options === null || options === undefined) return null;
  if (type !== 'text') return `A ${fieldTypeNames[type].toLowerCase()} has no text options`;
  const parsed = textFieldOptionsSchema.safeParse(options);
  if (!parsed.success)
    return 'A text field has one or several lines, may hold a number, an e-mail address or a pattern of at most 200 characters, and at most 4,000 characters';
  const { format, pattern } = parsed.data;
  if ((format === 'pattern') !== (pattern !== undefined))
    return 'A text field’s pattern goes with the pattern format';
  const tooLong = patternLengthProblem(parsed.data);
  return tooLong && `${tooLong.charAt(0).toUpperCase()}${tooLong.slice(1)}`;
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
