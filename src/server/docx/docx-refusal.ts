import { DocumentRefusal } from '../workers/document-outcome';

/**
 * Why an uploaded file is not read: `tooLarge` answers 413, `notDocx` 415 (another kind of
 * file), `invalid` 400 (a .docx that is broken). The message is shown to the user as it is.
 */
export type DocxRefusalKind = 'tooLarge' | 'notDocx' | 'invalid';

export class DocxRefusal extends DocumentRefusal<DocxRefusalKind> {
  override readonly name = 'DocxRefusal';
}
