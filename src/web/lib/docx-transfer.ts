import { docxMediaType, maxDocxBytes } from '../../shared/docx-file';
import { AppError } from '../../shared/errors';
import type { ApiRoutes } from '../../shared/routes';
import { type ApiCall, api, type CallInput, type CallOutput } from './api';
import { NetworkError } from './api-errors';

/** Where a contract's or template's .docx is downloaded from (the saved version). */
export const docxDownloadUrl = (id: string) => api.docx.download.url({ params: { id } });

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

type DocxUpload = ApiRoutes['docx']['importDocx'] | ApiRoutes['docx']['convert'];

/**
 * Sends a .docx as the request body, to a route of the shared table (its URL and answer typed by
 * the contract). XMLHttpRequest rather than fetch: it reports the upload's progress, which a large
 * file on a slow line needs.
 */
function uploadDocx<C extends DocxUpload>(
  route: ApiCall<C>,
  input: CallInput<C>,
  file: File,
  onProgress?: (progress: ImportProgress) => void,
): Promise<CallOutput<C>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', (route.url as (input: CallInput<C>) => string)(input));
    request.setRequestHeader('content-type', docxMediaType);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress?.({ stage: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
      }
    };
    request.upload.onload = () => onProgress?.({ stage: 'reading' });
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as CallOutput<C>);
      else reject(AppError.fromBody(request.response, request.status));
    };
    request.onerror = () => reject(new NetworkError());
    request.send(file);
  });
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
  return uploadDocx(api.docx.importDocx, { query }, file, onProgress);
}

/** Reads a .docx into a document for the editor, storing nothing. */
export function convertDocx(file: File, onProgress?: (progress: ImportProgress) => void) {
  return uploadDocx(api.docx.convert, { query: { fileName: file.name } }, file, onProgress);
}

/** The state an import leaves for the editor page it opens: what to tell the user. */
export type ImportedState = { imported: { fileName: string; notices: string[] } };

export function importedOf(state: unknown): ImportedState['imported'] | null {
  const imported = (state as Partial<ImportedState> | null)?.imported;
  return imported && typeof imported.fileName === 'string' && Array.isArray(imported.notices)
    ? imported
    : null;
}
