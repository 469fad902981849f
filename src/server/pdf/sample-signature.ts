import { deflateSync } from 'node:zlib';
import { assemblePng } from './png';

/**
 * A real PNG (greyscale, one wavy stroke across it), like a signature pad makes: the warm-up
 * signs its sample with it, the demo workspace's signed contracts carry it, and tests sign with it.
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
  return assemblePng(header, deflateSync(Buffer.concat(rows)));
}
