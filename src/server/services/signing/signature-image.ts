import { inflateSync } from 'node:zlib';
import { AppError } from '../../../shared/errors';
import { pictureLimits } from '../../../shared/fields';
import { isPng } from '../../pdf/png';

/** Samples per pixel for each PNG colour type (greyscale, RGB, palette, grey+alpha, RGBA). */
const channels: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const bitDepths: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/**
 * The chunks a picture may have, with the most bytes of each: what draws it (IHDR, PLTE, tRNS,
 * IDAT, IEND) and the small ones that say how its colours read. Anything else (text, EXIF,
 * animation, unknown chunks) is refused: a 60×30 PNG carried a 295 KB zTXt chunk, stored once
 * per initials field.
 */
const allowedChunks: Record<string, number> = {
  IHDR: 13,
  PLTE: 768,
  tRNS: 256,
  IDAT: Number.POSITIVE_INFINITY,
  IEND: 0,
  gAMA: 4,
  cHRM: 32,
  sRGB: 1,
  sBIT: 4,
  pHYs: 9,
  bKGD: 6,
  iCCP: 4096,
};

/** How large a picture may be, in pixels. */
export type PictureBounds = { width: number; height: number; minWidth?: number; minHeight?: number };

/** A signature's (and initials') PNG: what a signature pad or the typed-name font makes. */
export const signatureBounds: PictureBounds = { width: 2000, height: 1000, minWidth: 20, minHeight: 10 };

/** The bytes of a picture sent as a data URL. */
export const bytesOfDataUrl = (dataUrl: string): Buffer =>
  Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

/** What the header of a PNG says, read without decoding anything. */
export type PngHeader = { height: number; rowBytes: number; idat: Buffer };

/**
 * Reads a PNG's chunks and header (IHDR: size, bit depth, colour type) without inflating
 * anything, or undefined when it is not a PNG within `bounds` made of the chunks a picture needs.
 * Cheap: what is refused here is refused before any decoding.
 */
export function readPngHeader(bytes: Buffer, bounds: PictureBounds): PngHeader | undefined {
  if (!isPng(bytes)) return undefined;
  const chunks = readChunks(bytes);
  if (!chunks) return undefined;
  const first = chunks[0];
  if (first?.type !== 'IHDR' || first.data.length !== 13) return undefined;
  if (chunks.at(-1)?.type !== 'IEND') return undefined;
  if (chunks.some((chunk) => !(chunk.data.length <= (allowedChunks[chunk.type] ?? -1)))) return undefined;
  const ihdr = first.data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  if (width < (bounds.minWidth ?? 1) || height < (bounds.minHeight ?? 1)) return undefined;
  if (width > bounds.width || height > bounds.height) return undefined;
  const [bitDepth = 0, colourType = 0, compression, filter, interlace] = ihdr.subarray(8, 13);
  // Only what a signature pad or canvas produces: no interlacing, standard compression and filters.
  if (!bitDepths[colourType]?.includes(bitDepth) || bitDepth > pictureLimits.bitDepth) return undefined;
  if (compression !== 0 || filter !== 0 || interlace !== 0) return undefined;
  if (colourType === 3 && !chunks.some((chunk) => chunk.type === 'PLTE')) return undefined;
  // Each row: one filter-type byte, then its packed samples.
  const rowBytes = 1 + Math.ceil((width * (channels[colourType] ?? 0) * bitDepth) / 8);
  const idat = Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data));
  return { height, rowBytes, idat };
}

/**
 * Whether a PNG's image data inflates to exactly what its header says, each row with a known
 * filter: as sealing will read it. Bounded: inflated to at most one byte more than that size.
 * Costly (milliseconds for a large picture): run in the content thread (`readPicturesTask`).
 */
export function pngDataReadable({ height, rowBytes, idat }: PngHeader): boolean {
  const rawSize = rowBytes * height;
  let raw: Buffer;
  try {
    raw = inflateSync(idat, { maxOutputLength: rawSize + 1 });
  } catch {
    return false;
  }
  if (raw.length !== rawSize) return false;
  for (let row = 0; row < height; row += 1) {
    if ((raw[row * rowBytes] ?? 5) > 4) return false;
  }
  return true;
}

/**
 * Decodes a signature sent as a PNG data URL and checks that all of it can be read, as sealing
 * will read it: a PNG that is accepted here and fails to decode later would leave a signed
 * contract that can never be sealed. Bounded: the header is read first (at most 2000×1000, 8 bits,
 * only a picture's chunks), then the image data inflated to at most what it says. On the calling
 * thread: a signature saved to a profile; signing checks its pictures apart (signing-pictures.ts).
 */
export function decodeSignatureImage(
  dataUrl: string,
  bounds: PictureBounds & { refusal: AppError } = {
    ...signatureBounds,
    refusal: new AppError('INVALID_INPUT', 'The signature image could not be read', 'signature'),
  },
): Buffer {
  const bytes = bytesOfDataUrl(dataUrl);
  const header = readPngHeader(bytes, bounds);
  if (!header || !pngDataReadable(header)) throw bounds.refusal;
  return bytes;
}

/** In the content thread: the index of the first PNG whose image data cannot be read, or null. */
export function firstUnreadablePicture(
  pictures: readonly { dataUrl: string; bounds: PictureBounds }[],
): number | null {
  for (const [index, { dataUrl, bounds }] of pictures.entries()) {
    const header = readPngHeader(bytesOfDataUrl(dataUrl), bounds);
    if (!header || !pngDataReadable(header)) return index;
  }
  return null;
}

type Chunk = { type: string; data: Buffer };

/** The chunks of a PNG after its signature, or undefined when a length runs past the end. */
function readChunks(bytes: Buffer): Chunk[] | undefined {
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) return undefined;
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) return undefined;
    chunks.push({
      type: bytes.toString('latin1', offset + 4, offset + 8),
      data: bytes.subarray(offset + 8, offset + 8 + length),
    });
    offset = end;
    if (chunks.at(-1)?.type === 'IEND') break;
  }
  // Anything after IEND is not part of the image.
  return offset === bytes.length ? chunks : undefined;
}

/**
 * Whether a JPEG sent for an image field is one the seal can embed (as it is, never decoded): it
 * starts as a JPEG does and its frame header says at most `bounds` pixels.
 */
export function jpegFits(bytes: Buffer, bounds: PictureBounds): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    // Start of frame (baseline, progressive…; not the DHT, JPG and DAC markers among them).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      return width >= 1 && height >= 1 && width <= bounds.width && height <= bounds.height;
    }
    offset += 2 + length;
  }
  return false;
}
