import type { EditorDocument } from '../../shared/api/editor-document';
import type { DocumentOutcome } from '../workers/document-outcome';
import { type DocxRevision, documentToDocx } from './document-to-docx';
import { DocxRefusal, type DocxRefusalKind } from './docx-refusal';
import { type ImportedDocx, importDocx } from './import-docx';

export type DocxImportOutcome = DocumentOutcome<ImportedDocx, DocxRefusalKind>;

/**
 * The .docx work, run in a thread of its own. A refusal comes back as a value (a thrown error
 * crosses threads as its message only); the file is moved in, the document goes out as JSON text.
 */
export const docxTasks = {
  async importDocx(file: Uint8Array): Promise<DocxImportOutcome> {
    try {
      return { ok: true, ...(await importDocx(file)) };
    } catch (error) {
      if (error instanceof DocxRefusal) return { ok: false, kind: error.kind, message: error.message };
      throw error;
    }
  },
  async exportDocx(input: {
    contentJson: string;
    title: string;
    revision?: DocxRevision;
  }): Promise<Uint8Array> {
    return documentToDocx(JSON.parse(input.contentJson) as EditorDocument, input.title, input.revision);
  },
};
export type DocxTasks = typeof docxTasks;
