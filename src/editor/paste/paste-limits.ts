/**
 * Bounds of the paste clean-up. Whatever arrives on the clipboard, the work stays proportional to
 * its size and the structure it builds stays within what the editor and the PDF handle well.
 */
export const pasteLimits = {
  /** Clipboard HTML beyond this is refused before it is parsed (a 300-page Word paste is ~15 MB). */
  htmlCharacters: 40_000_000,
  /** List levels kept; deeper items join the deepest level (Word itself has nine). */
  listDepth: 9,
  /** Element nesting followed; below it only the text is kept. */
  elementDepth: 80,
  /** Characters of a Word document's `<style>` read for its list definitions. */
  styleCharacters: 2_000_000,
  /** Largest list start number kept (as the document check allows). */
  listStart: 1_000_000,
  /** Largest column or row span kept (as the document check allows). */
  cellSpan: 100,
} as const;
