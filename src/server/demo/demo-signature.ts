import { crc32, deflateSync } from 'node:zlib';

/** One PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (greyscale, one wavy stroke across it), like a signature pad makes: the demo
 * workspace's signed contracts carry these, and tests sign with them.
 */
export function signaturePng(width = 300, height = 100): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(width + 1, 255);
    row[0] = 0; // no filter
    for (let x = 0; x < width; x += 1) {
      const stroke = Math.round(height / 2 + (height / 4) * Math.sin(x / 20));
      if (Math.abs(y - stroke) < 2) row[x + 1] = 20;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const signatureDataUrl = (png = signaturePng()) => `data:image/png;base64,${png.toString('base64')}`;
