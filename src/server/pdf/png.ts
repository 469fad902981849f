import { crc32 } from 'node:zlib';

/** The eight bytes every PNG starts with. */
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Whether bytes start as a PNG does, with room for its header chunk (IHDR): the first bytes,
 * which a renamed or mislabelled file cannot fake. Nothing is decoded.
 */
export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 33 && pngSignature.equals(Buffer.from(bytes.buffer, bytes.byteOffset, 8));
}

/** One PNG chunk: its length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of the given header (IHDR), image data (IDAT, deflated by the caller) and any chunks
 * between them.
 */
export const assemblePng = (
  header: Buffer,
  idat: Buffer,
  extra: readonly { type: string; data: Buffer }[] = [],
): Buffer =>
  Buffer.concat([
    pngSignature,
    pngChunk('IHDR', header),
    ...extra.map((chunk) => pngChunk(chunk.type, chunk.data)),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
