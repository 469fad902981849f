import { AppError } from '../../shared/errors';
import { megabytes, pdfFileLimits, pdfMediaType } from '../../shared/pdf-file';
import { api } from './api';
import { NetworkError } from './api-errors';
import { type UploadProgress, uploadFile, uploadProgressText } from './upload-file';

/** Where one of a contract's PDFs is downloaded from, as uploaded. */
export const pdfDownloadUrl = (contractId: string, fileId: string) =>
  api.contractFiles.download.url({ params: { id: contractId, fileId } });

/** Refuses, before any upload, what the server would refuse anyway. */
export function pdfFileProblem(file: File): string | null {
  if (!/\.pdf$/i.test(file.name) && file.type !== pdfMediaType) {
    return `"${file.name}" is not a PDF. Choose a .pdf file.`;
  }
  if (file.size > pdfFileLimits.bytes) {
    return `"${file.name}" is larger than ${megabytes(pdfFileLimits.bytes)}, the most a PDF may be.`;
  }
  return null;
}

/** The PDFs among files picked or dropped, and a sentence for each one refused. */
export function pickPdfs(files: readonly File[], room: number): { pdfs: File[]; problems: string[] } {
  const problems: string[] = [];
  const pdfs: File[] = [];
  for (const file of files) {
    const problem = pdfFileProblem(file);
    if (problem) problems.push(problem);
    else if (pdfs.length >= room) {
      problems.push(
        `"${file.name}" was not added: a contract holds at most ${pdfFileLimits.filesPerContract} PDFs.`,
      );
    } else pdfs.push(file);
  }
  return { pdfs, problems };
}

/** Starts a draft (or a template) from a PDF. */
export function createFromPdf(
  file: File,
  options: { template: boolean; projectId?: string | undefined },
  onProgress?: (progress: UploadProgress) => void,
) {
  const query = {
    name: file.name,
    template: options.template ? ('true' as const) : ('false' as const),
    projectId: options.projectId,
  };
  return uploadFile(api.contractFiles.createFromPdf, { query }, file, pdfMediaType, onProgress);
}

/** Adds a PDF to a draft's documents, or puts it in the place of one of them. */
export function addPdf(
  contractId: string,
  file: File,
  options: { replaces?: string; baseRevision?: number | undefined },
  onProgress?: (progress: UploadProgress) => void,
) {
  const query = { name: file.name, replaces: options.replaces, baseRevision: options.baseRevision };
  return uploadFile(
    api.contractFiles.upload,
    { params: { id: contractId }, query },
    file,
    pdfMediaType,
    onProgress,
  );
}

export const pdfProgressText = (progress: UploadProgress) => uploadProgressText(progress, 'Reading the PDF…');

/** What an upload from a list could not add, in the state of the editor page it opens. */
export function uploadProblemsOf(state: unknown): string[] {
  const problems = (state as { uploadProblems?: unknown } | null)?.uploadProblems;
  return Array.isArray(problems)
    ? problems.filter((problem): problem is string => typeof problem === 'string')
    : [];
}

/** What the list or the editor says of a PDF that could not be uploaded. */
export const uploadFailure = (file: File, error: unknown) =>
  error instanceof AppError || error instanceof NetworkError
    ? `"${file.name}" could not be uploaded: ${error.message}`
    : `"${file.name}" could not be uploaded.`;
