import { docxMediaType, maxDocxBytes } from '../../shared/docx-file';
import { api } from './api';
import { type UploadProgress, uploadFile } from './upload-file';

/** Where a contract's or template's .docx is downloaded from (the saved version). */
export const docxDownloadUrl = (id: string) => api.docx.download.url({ params: { id } });

/** What an import is doing, for its progress line. */
export type ImportProgress = UploadProgress;

/** Refuses, before any upload, what the server would refuse anyway. */
export function docxFileProblem(file: File): string | null {
  if (!/\.docx$/i.test(file.name)) return `"${file.name}" is not a Word document. Choose a .docx file.`;
  if (file.size > maxDocxBytes) {
    return `"${file.name}" is larger than ${maxDocxBytes / 1024 / 1024} MB, the most that can be imported.`;
  }
  return null;
}

/** Starts a draft contract or a template from a .docx. */
export function importDocx(
  file: File,
  options: { id: string; template: boolean; projectId?: string },
  onProgress?: (progress: ImportProgress) => void,
) {
  const query = {
    id: options.id,
    template: options.template ? ('true' as const) : ('false' as const),
    fileName: file.name,
    projectId: options.projectId,
  };
  return uploadFile(api.docx.importDocx, { query }, file, docxMediaType, onProgress);
}

/** Reads a .docx into a document for the editor, storing nothing. */
export function convertDocx(file: File, onProgress?: (progress: ImportProgress) => void) {
  return uploadFile(api.docx.convert, { query: { fileName: file.name } }, file, docxMediaType, onProgress);
}

/** The state an import leaves for the editor page it opens: what to tell the user. */
export type ImportedState = { imported: { fileName: string; notices: string[] } };

export function importedOf(state: unknown): ImportedState['imported'] | null {
  const imported = (state as Partial<ImportedState> | null)?.imported;
  return imported && typeof imported.fileName === 'string' && Array.isArray(imported.notices)
    ? imported
    : null;
}
