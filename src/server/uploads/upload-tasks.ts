import { findTextTags, inspectPdf } from './inspect-pdf';

/** What the upload thread does: read files people upload, which nothing else has checked yet. */
export const uploadTasks = { inspectPdf, findTextTags };
export type UploadTasks = typeof uploadTasks;
