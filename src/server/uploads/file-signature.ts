/**
 * What an uploaded file is by its first bytes, whatever its name says: a PDF, an OLE compound
 * file (an old .doc or .xls, or an encrypted Office document), a zip package (.docx, .xlsx, .odt,
 * .ods; an empty zip too), or something else. The readers of each kind refuse the others with what
 * to save the file as.
 */
export type FileSignature = 'pdf' | 'ole' | 'zip' | 'other';

const oleHeader = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const zipLocalHeader = 0x04034b50;
const zipEndOfDirectory = 0x06054b50;

export function fileSignatureOf(file: Uint8Array): FileSignature {
  const head = Buffer.from(file.buffer, file.byteOffset, Math.min(8, file.byteLength));
  if (head.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  if (head.equals(oleHeader)) return 'ole';
  if (head.length >= 4 && [zipLocalHeader, zipEndOfDirectory].includes(head.readUInt32LE(0))) return 'zip';
  return 'other';
}
