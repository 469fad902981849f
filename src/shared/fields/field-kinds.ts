/**
 * Every field type, declared once: what it is called, who fills it, what options it has, the box
 * it gets on a page and in the drafted text, and how the seal draws its value.
 */
export const fieldTypes = [
  'signature',
  'initials',
  'name',
  'email',
  'company',
  'title',
  'dateSigned',
  'text',
  'date',
  'checkbox',
  'radio',
  'dropdown',
  'image',
] as const;
export type FieldType = (typeof fieldTypes)[number];

type Size = { width: number; height: number };

export type FieldKind = {
  /** What the type is called on every screen and page that shows one. */
  name: string;
  /** What a refusal calls an unlabelled one: "the e-mail field on page 2". */
  refusalName: string;
  /**
   * Who fills it. `itself`: it fills itself as the signer signs, from the signature and initials
   * they adopt and their details (name, e-mail, the date); `signer`: the signer gives its value.
   */
  filledBy: 'itself' | 'signer';
  /** The sender may prefill it (the signer may change it). */
  prefill: boolean;
  /** Its options: choices (a radio group, a dropdown), a text's lines and format, or none. */
  options: 'choices' | 'text' | null;
  /** A new field's box on a page, in points on a page `referenceWidth` wide. */
  sizeOnPage: Size;
  /** Its box in the line of the drafted text where it is written, in points (see `sizeInText`). */
  sizeInText: Size;
  /**
   * The least room it gets at a PDF's text tag, in points, when it needs more than the tag's line
   * (a signature); the others take the tag's own width, so they never cover the words beside it.
   */
  leastAtTag?: Size;
  /**
   * How the seal draws its value (a DrawnValue's kind): a picture (the adopted signature or
   * initials, an uploaded stamp), a tick, or its text. A radio group of a PDF's own form is drawn
   * as a dot in the button of its choice.
   */
  drawnAs: 'image' | 'check' | 'text';
};

const line = { width: 150, height: 18 };

export const fieldKinds: Record<FieldType, FieldKind> = {
  signature: {
    name: 'Signature',
    refusalName: 'signature',
    filledBy: 'itself',
    prefill: false,
    options: null,
    sizeOnPage: { width: 170, height: 50 },
    sizeInText: { width: 150, height: 40 },
    leastAtTag: { width: 160, height: 40 },
    drawnAs: 'image',
  },
  initials: {
    name: 'Initials',
    refusalName: 'initials',
    filledBy: 'itself',
    prefill: false,
    options: null,
    sizeOnPage: { width: 60, height: 36 },
    sizeInText: { width: 54, height: 30 },
    leastAtTag: { width: 60, height: 30 },
    drawnAs: 'image',
  },
  name: {
    name: 'Full name',
    refusalName: 'name',
    filledBy: 'itself',
    prefill: false,
    options: null,
    sizeOnPage: { width: 170, height: 24 },
    sizeInText: line,
    drawnAs: 'text',
  },
  email: {
    name: 'E-mail',
    refusalName: 'e-mail',
    filledBy: 'itself',
    prefill: false,
    options: null,
    sizeOnPage: { width: 170, height: 24 },
    sizeInText: line,
    drawnAs: 'text',
  },
  company: {
    name: 'Company',
    refusalName: 'company',
    filledBy: 'signer',
    prefill: true,
    options: null,
    sizeOnPage: { width: 170, height: 24 },
    sizeInText: line,
    drawnAs: 'text',
  },
  title: {
    name: 'Title',
    refusalName: 'title',
    filledBy: 'signer',
    prefill: true,
    options: null,
    sizeOnPage: { width: 150, height: 24 },
    sizeInText: line,
    drawnAs: 'text',
  },
  dateSigned: {
    name: 'Date signed',
    refusalName: 'date signed',
    filledBy: 'itself',
    prefill: false,
    options: null,
    sizeOnPage: { width: 110, height: 24 },
    sizeInText: { width: 90, height: 18 },
    drawnAs: 'text',
  },
  text: {
    name: 'Text',
    refusalName: 'text',
    filledBy: 'signer',
    prefill: true,
    options: 'text',
    sizeOnPage: { width: 170, height: 24 },
    sizeInText: line,
    drawnAs: 'text',
  },
  date: {
    name: 'Date',
    refusalName: 'date',
    filledBy: 'signer',
    prefill: true,
    options: null,
    sizeOnPage: { width: 110, height: 24 },
    sizeInText: { width: 90, height: 18 },
    drawnAs: 'text',
  },
  checkbox: {
    name: 'Checkbox',
    refusalName: 'checkbox',
    filledBy: 'signer',
    prefill: true,
    options: null,
    sizeOnPage: { width: 18, height: 18 },
    sizeInText: { width: 13, height: 13 },
    leastAtTag: { width: 14, height: 14 },
    drawnAs: 'check',
  },
  radio: {
    name: 'Radio group',
    refusalName: 'choice',
    filledBy: 'signer',
    prefill: true,
    options: 'choices',
    sizeOnPage: { width: 130, height: 44 },
    sizeInText: { width: 130, height: 32 },
    drawnAs: 'text',
  },
  dropdown: {
    name: 'Dropdown',
    refusalName: 'choice',
    filledBy: 'signer',
    prefill: true,
    options: 'choices',
    sizeOnPage: { width: 130, height: 24 },
    sizeInText: line,
    drawnAs: 'text',
  },
  image: {
    name: 'Image',
    refusalName: 'image',
    filledBy: 'signer',
    prefill: false,
    options: null,
    sizeOnPage: { width: 120, height: 80 },
    sizeInText: { width: 110, height: 70 },
    drawnAs: 'image',
  },
};

const typesWhere = (test: (kind: FieldKind) => boolean): readonly FieldType[] =>
  fieldTypes.filter((type) => test(fieldKinds[type]));

/** What each field type is called on every screen and page that shows one. */
export const fieldTypeNames = Object.fromEntries(
  fieldTypes.map((type) => [type, fieldKinds[type].name]),
) as Record<FieldType, string>;

/** Types that fill themselves as the signer signs: nothing to type in their box. */
export const fillsItself = typesWhere((kind) => kind.filledBy === 'itself');
/** Types the sender gives no value: those that fill themselves, and the signer's image. */
export const takesNoPrefill = typesWhere((kind) => !kind.prefill);
/** Types whose value is one of their choices. */
export const fieldTypesWithChoices = typesWhere((kind) => kind.options === 'choices');

/** The width in points of the page the sizes on a page are drawn for (US Letter and A4 are about it). */
export const referenceWidth = 612;

/**
 * The box a field takes in the line where it is written, in points: room for a hand-drawn
 * signature, a date, a tick. A radio group is one box with a line for each choice; a text of
 * several lines is a box of a few.
 */
export function sizeInText(field: {
  type: FieldType;
  choices?: readonly string[] | null;
  options?: { multiline?: boolean } | null;
}): Size {
  const { sizeInText: size } = fieldKinds[field.type];
  if (field.type === 'radio')
    return { width: size.width, height: 14 * Math.max(2, field.choices?.length ?? 2) + 4 };
  if (field.type === 'text' && field.options?.multiline) return { width: 260, height: 46 };
  return size;
}
