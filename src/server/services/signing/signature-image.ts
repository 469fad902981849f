import { inflateSync } from 'node:zlib';
import { AppError } from '../../../shared/errors';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

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
 * Decodes a signature sent as a PNG data URL and checks that all of it can be read, as sealing
 * will read it: a PNG that is accepted here and fails to decode later would leave a signed
 * contract that can never be sealed. Bounded: the size is capped by IHDR (at most 2000×1000),
 * and the image data is inflated to at most one byte more than that size says.
 */
export function decodeSignatureImage(
  dataUrl: string,
  /** A picture for an image field (a stamp, a seal) is allowed larger, and refused in its own words. */
  bounds: { width: number; height: number; refusal: AppError } = {
    width: 2000,
    height: 1000,
    refusal: new AppError('INVALID_INPUT', 'The signature image could not be read', 'signature'),
  },
): Buffer {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const invalid = () => bounds.refusal;
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(pngSignature)) throw invalid();
  const chunks = readChunks(bytes);
  if (!chunks) throw invalid();
  const first = chunks[0];
  if (first?.type !== 'IHDR' || first.data.length !== 13) throw invalid();
  if (chunks.at(-1)?.type !== 'IEND') throw invalid();
  const ihdr = first.data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  if (width < 1 || height < 1 || width > bounds.width || height > bounds.height) throw invalid();
  if (bounds.refusal.field === 'signature' && (width < 20 || height < 10)) throw invalid();
  const [bitDepth = 0, colourType = 0, compression, filter, interlace] = ihdr.subarray(8, 13);
  // Only what a signature pad or canvas produces: no interlacing, standard compression and filters.
  if (!bitDepths[colourType]?.includes(bitDepth) || compression !== 0 || filter !== 0 || interlace !== 0) {
    throw invalid();
  }
  if (colourType === 3 && !chunks.some((chunk) => chunk.type === 'PLTE')) throw invalid();
  // Each row: one filter-type byte, then its packed samples.
  const rowBytes = 1 + Math.ceil((width * (channels[colourType] ?? 0) * bitDepth) / 8);
  const rawSize = rowBytes * height;
  const idat = Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data));
  let raw: Buffer;
  try {
    raw = inflateSync(idat, { maxOutputLength: rawSize + 1 });
  } catch {
    throw invalid();
  }
  if (raw.length !== rawSize) throw invalid();
  for (let row = 0; row < height; row += 1) {
    if ((raw[row * rowBytes] ?? 5) > 4) throw invalid();
  }
  return bytes;
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
 * Checks a JPEG sent for an image field as the seal will embed it (as it is, never decoded): it
 * starts and ends as a JPEG does and its frame header says at most `bounds` pixels.
 */
export function checkJpeg(
  bytes: Buffer,
  bounds: { width: number; height: number; refusal: AppError },
): Buffer {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw bounds.refusal;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) throw bounds.refusal;
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    // Start of frame (baseline, progressive…; not the DHT, JPG and DAC markers among them).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      if (width < 1 || height < 1 || width > bounds.width || height > bounds.height) throw bounds.refusal;
      return bytes;
    }
    offset += 2 + length;
  }
  throw bounds.refusal;
}
