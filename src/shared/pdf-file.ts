// What a PDF upload is, for the server and the web app alike. No zod here: the pages that offer an
// upload load this, and should not load the API schemas with it.

/** The media type of a PDF upload: the only one the upload routes read. */
export const pdfMediaType = 'application/pdf';

/**
 * Limits that real documents never reach (a 300-page scanned agreement is about 30 MB), refused
 * beyond with a message naming the limit.
 */
export const pdfFileLimits = {
  /** Bytes of one uploaded PDF. */
  bytes: 50 * 1024 * 1024,
  /** Pages of one uploaded PDF. */
  pages: 500,
  /** Uploaded PDFs of one contract or template (its drafted text aside). */
  filesPerContract: 10,
};

/** A size in megabytes as the limits' messages write it. */
export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The refusal of an upload larger than the largest allowed. */
export const tooLargeUpload = `This file is larger than ${megabytes(pdfFileLimits.bytes)}, the most a PDF may be. Compress it or split it into smaller files.`;
