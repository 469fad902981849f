// What a .docx upload is, for the server and the web app alike. No zod here: the lists that offer
// an import load this, and should not load the API schemas with it.

/** The media type of a .docx upload: the only one the import routes read. */
export const docxMediaType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The largest .docx accepted (the server refuses more with 413 before reading it all). */
export const maxDocxBytes = 20 * 1024 * 1024;
