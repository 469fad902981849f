import type { ByteRange } from '../uploads/file-store';

/**
 * The one range of a file of `size` bytes that a Range header asks for (`bytes=0-65535`,
 * `bytes=1000-`, `bytes=-500`), as pdf.js asks to read a large PDF piece by piece: null to send the
 * whole file (no header, another unit, several ranges, or a header that does not parse, which
 * RFC 9110 lets a server ignore), 'unsatisfiable' when the range starts past the end.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // The last `to` bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
