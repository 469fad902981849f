import type { FieldsByPage } from './draw-fields';
import type { SealInput } from './seal-pdf';

/**
 * The frozen document open to be completed, as the completion recipe (completion-recipe.ts) writes
 * it. Two writers: rewriting-writer.ts (pdf-lib: the document written whole, once, with its seal)
 * and appending-writer.ts (@libpdf/core: each step an incremental update after the frozen bytes,
 * which stay as they are).
 */
export interface CompletionWriter {
  /** Puts the filled fields' values on the pages they are on. */
  drawFields(fields: FieldsByPage): Promise<void>;
  /** Adds the pages of another PDF after the document's (the signature pages, the certificate). */
  append(pdf: Uint8Array): Promise<void>;
  /** The document as it stands: what the certificate of completion gives the hash of. */
  save(): Promise<Uint8Array>;
  /** Seals the document as it stands (PAdES) and answers the final bytes. */
  seal(input: SealInput): Promise<Uint8Array>;
  pageCount(): number;
}
