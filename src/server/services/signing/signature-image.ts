import { AppError } from '../../../shared/errors';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Decodes a signature sent as a PNG data URL and checks that it is one: the PNG signature, an
 * IHDR chunk, and a size a signature pad can produce.
 */
export function decodeSignatureImage(dataUrl: string): Buffer {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const invalid = () => new AppError('INVALID_INPUT', 'The signature image could not be read', 'signature');
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(pngSignature)) throw invalid();
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') throw invalid();
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 20 || height < 10 || width > 2000 || height > 1000) throw invalid();
  return bytes;
}
