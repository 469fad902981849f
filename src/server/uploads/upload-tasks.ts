import { withinDecodeBudget } from '../pdf/decode-budget';
import { sha256OfFile } from './hash-file';
import { inspectPdf } from './inspect-pdf';
import { readPdfText } from './pdf-text';
import { readSpreadsheet } from './read-spreadsheet';
import { findTextTags } from './text-tags';

/** What the upload thread does: read files people upload (PDFs, spreadsheets of rows), which nothing else has checked yet. */
export const uploadTasks = {
  inspectPdf,
  hashFile: sha256OfFile,
  readSpreadsheet,
  // Within the decode budget, as the inspection was (which decoded every page's contents).
  findTextTags: (input: { bytes: Uint8Array; limit: number }) =>
    withinDecodeBudget(() => findTextTags(input.bytes, input.limit)),
  readPdfText: (bytes: Uint8Array) => withinDecodeBudget(() => readPdfText(bytes)),
};
export type UploadTasks = typeof uploadTasks;
