import { createHash } from 'node:crypto';

/** A PDF made here, with its SHA-256 (lowercase hex) and its page count. */
export type RenderedPdf = { bytes: Uint8Array; sha256: string; pages: number };

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The SHA-256 of a document that only grows, each version its predecessor's bytes and an
 * incremental update after them: each byte is hashed once, however many versions are asked. A
 * completion hashes its frozen document (up to hundreds of megabytes of uploads), the signed
 * document after it and the sealed one after that; hashed whole each time, a 20 MB upload's
 * hashes took a fifth of its completion. A version that does not begin with the last one's
 * bytes (checked, byte for byte) is hashed whole.
 */
export class GrowingHash {
  private state = createHash('sha256');
  private hashed: Uint8Array = new Uint8Array();

  of(bytes: Uint8Array): string {
    const before = this.hashed.byteLength;
    const grows = bytes.byteLength >= before && viewOf(this.hashed).equals(viewOf(bytes).subarray(0, before));
    if (!grows) {
      this.state = createHash('sha256');
      this.hashed = new Uint8Array();
    }
    this.state.update(bytes.subarray(this.hashed.byteLength));
    this.hashed = bytes;
    return this.state.copy().digest('hex');
  }
}

/** The bytes as a Buffer over the same memory (Buffer.from of a Uint8Array would copy them). */
const viewOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
