import { formatCount } from '../limits';

/** What a field's definition may hold: its label and its choices. */
export const fieldLimits = {
  /** Characters of a field's label. */
  label: 100,
  /** A radio group's or a dropdown's choices: how few, how many, and the characters of each. */
  leastChoices: 2,
  mostChoices: 50,
  choiceCharacters: 100,
  /** Characters of any value (a prefill, what a signer types). */
  valueCharacters: 4000,
  /** How many fields a contract may hold, on all its PDFs. */
  fieldsPerContract: 1000,
  /** Signers a field may be for (by signing order), far beyond any real contract. */
  signer: 50,
} as const;

/**
 * What a text field's pattern may cost (fields on a PDF and fields written in the text alike).
 * RE2 matches in time linear in the text, but that time is the text's length times the size of
 * the pattern's compiled program: `(?:.?){999}` written eighteen times is 198 characters, compiles
 * to 36,000 instructions and took 2.4 s against one 4,000-character text. So the program is
 * bounded, and so is the text of a field that has a pattern; the matching runs in the content
 * thread, within a budget for the whole save or signature.
 */
export const patternLimits = {
  /** Characters of the pattern as written. */
  characters: 200,
  /** Instructions of its compiled program (`[A-Z]{2}[0-9]{9}` has 13, `[A-Z]{1,200}` 401). */
  instructions: 1000,
  /** The most characters of a text field with a pattern (matching 500 takes milliseconds at most). */
  textCharacters: 500,
  /**
   * Instructions times characters matched for one save or signature, a compiled pattern counting
   * as 100 characters: about half a second of the content thread at worst.
   */
  requestCost: 20_000_000,
} as const;

/**
 * Pictures a signer gives as they sign: an image field's stamp or seal (PNG or JPEG), and the PNGs
 * of their signature and initials. Their headers are read before anything is decoded: a 70 KB PNG
 * that says 3,000 × 3,000 pixels at 16 bits inflates to 72 MB. A PNG's image data is then inflated
 * in the content thread, to check that the seal can read it. An uploaded logo or avatar has the
 * same byte limit.
 */
export const pictureLimits = {
  /** An image field's picture, as sent. */
  imageBytes: 200 * 1024,
  /** An image field's picture, in pixels each way: a stamp is drawn in a box of a few centimetres. */
  imagePixels: 1200,
  /** Bits per sample of a PNG (16 is twice the data, and nothing a pad or a stamp needs). */
  bitDepth: 8,
} as const;

/** The pixel bound of an image field's picture, as its refusal writes it: "1,200". */
export const imagePixelsWritten = formatCount(pictureLimits.imagePixels);
