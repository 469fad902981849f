import type { ConvertedDocx, ImportedDocx } from '../../../../shared/api/docx';
import { docxMediaType, maxDocxBytes } from '../../../../shared/docx-file';
import { AppError } from '../../../../shared/errors';

/** Where a contract's or template's .docx is downloaded from (the saved version). */
export const docxDownloadUrl = (id: string) => `/api/contracts/${id}/docx`;

/** What an import is doing, for its progress line. */
export type ImportProgress = { stage: 'uploading'; percent: number } | { stage: 'reading' };

/** Refuses, before any upload, what the server would refuse anyway. */
export function docxFileProblem(file: File): string | null {
  if (!/\.docx$/i.test(file.name)) return `"${file.name}" is not a Word document. Choose a .docx file.`;
  if (file.size > maxDocxBytes) {
    return `"${file.name}" is larger than ${maxDocxBytes / 1024 / 1024} MB, the most that can be imported.`;
  }
  return null;
}

/**
 * Sends a .docx as the request body. XMLHttpRequest rather than fetch: it reports the upload's
 * progress, which a large file on a slow line needs.
 */
function uploadDocx<T>(
  path: string,
  file: File,
  onProgress?: (progress: ImportProgress) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    request.setRequestHeader('content-type', docxMediaType);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress?.({ stage: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
      }
    };
    request.upload.onload = () => onProgress?.({ stage: 'reading' });
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as T);
      else reject(AppError.fromBody(request.response, request.status));
    };
    request.onerror = () =>
      reject(
        new AppError(
          'DATABASE_UNAVAILABLE',
          'Pactum cannot be reached. Check your connection and try again.',
        ),
      );
    request.send(file);
  });
}

/** Starts a draft contract or a template from a .docx. */
export function importDocx(
  file: File,
  options: { id: string; template: boolean; projectId?: string },
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportedDocx> {
  const query = new URLSearchParams({
    id: options.id,
    template: String(options.template),
    fileName: file.name,
  });
  if (options.projectId) query.set('projectId', options.projectId);
  return uploadDocx<ImportedDocx>(`/contracts/import-docx?${query}`, file, onProgress);
}

/** Reads a .docx into a document for the editor, storing nothing. */
export function convertDocx(
  file: File,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ConvertedDocx> {
  return uploadDocx<ConvertedDocx>(
    `/docx/convert?${new URLSearchParams({ fileName: file.name })}`,
    file,
    onProgress,
  );
}

/** The state an import leaves for the editor page it opens: what to tell the user. */
export type ImportedState = { imported: { fileName: string; notices: string[] } };

export function importedOf(state: unknown): ImportedState['imported'] | null {
  const imported = (state as Partial<ImportedState> | null)?.imported;
  return imported && typeof imported.fileName === 'string' && Array.isArray(imported.notices)
    ? imported
    : null;
}
