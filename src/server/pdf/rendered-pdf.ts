import { createHash } from 'node:crypto';

/** A PDF made here, with its SHA-256 (lowercase hex) and its page count. */
export type RenderedPdf = { bytes: Uint8Array; sha256: string; pages: number };

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
