import { inflateRawSync } from 'node:zlib';

/**
 * Reads the zip packages people upload (a .docx, an .xlsx) from their central directory, each part
 * through a capped inflater. What is wrong with one is a `ZipProblem`, which the reader of each
 * kind of file words for its users.
 */
export type ZipProblem =
  | { kind: 'damaged' }
  | { kind: 'zip64' }
  | { kind: 'entries'; count: number; max: number }
  | { kind: 'encrypted' }
  | { kind: 'compression'; method: number }
  | { kind: 'expands'; maxBytes: number };

export class ZipRefusal extends Error {
  override readonly name = 'ZipRefusal';
  constructor(readonly problem: ZipProblem) {
    super(`The zip package cannot be read: ${problem.kind}`);
  }
}

export type ZipEntry = {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
};

const endOfDirectory = 0x06054b50;
const directoryEntry = 0x02014b50;
const localHeader = 0x04034b50;
const broken = () => new ZipRefusal({ kind: 'damaged' });

/**
 * Lists a zip's entries from its central directory, reading nothing else and refusing more than
 * `maxEntries` before looking at any of them. Zip64 is not read: a Word or Excel file of the
 * sizes taken never needs it.
 */
export function listZipEntries(zip: Buffer, maxEntries: number): ZipEntry[] {
  const end = findEndOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    throw new ZipRefusal({ kind: 'zip64' });
  }
  if (count > maxEntries) {
    throw new ZipRefusal({ kind: 'entries', count, max: maxEntries });
  }
  if (directoryOffset + directorySize > zip.length) throw broken();
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== directoryEntry) throw broken();
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    if (at + 46 + nameLength > zip.length) throw broken();
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      encrypted: (zip.readUInt16LE(at + 8) & 1) === 1,
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      declaredSize: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndOfDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at -= 1) {
    if (zip.readUInt32LE(at) === endOfDirectory) return at;
  }
  throw broken();
}

/**
 * Inflates one entry into at most `maxBytes`: the inflater itself stops there, so a part that
 * claims 1 KB and inflates to gigabytes costs no more than the cap.
 */
export function readZipEntry(zip: Buffer, entry: ZipEntry, maxBytes: number): Buffer {
  if (entry.encrypted) throw new ZipRefusal({ kind: 'encrypted' });
  if (entry.declaredSize > maxBytes) throw tooLargeEntry(maxBytes);
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== localHeader) throw broken();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw broken();
  const data = zip.subarray(start, end);
  if (entry.method === 0) {
    if (data.length > maxBytes) throw tooLargeEntry(maxBytes);
    return data;
  }
  if (entry.method !== 8) throw new ZipRefusal({ kind: 'compression', method: entry.method });
  try {
    return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw tooLargeEntry(maxBytes);
    }
    throw broken();
  }
}

const tooLargeEntry = (maxBytes: number) => new ZipRefusal({ kind: 'expands', maxBytes });
