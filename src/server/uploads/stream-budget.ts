import { inflateSync } from 'node:zlib';

/**
 * How far the compressed streams of an uploaded PDF may expand before anything parses it. The
 * parser (@libpdf/core) inflates object streams, cross-reference streams and page contents
 * whole, into memory outside the thread's heap limit, so a 1 MB stream that expands to gigabytes
 * (a "compression bomb") would take the process's memory with it. A real page's contents and
 * object streams are at most a few megabytes; images, which inspecting never decodes, are not
 * counted.
 */
export const streamBudget = {
  /** Bytes one stream (other than an image's) may expand to. */
  streamBytes: 64 * 1024 * 1024,
  /** Bytes all of them together may expand to. */
  totalBytes: 512 * 1024 * 1024,
};

const streamKeyword = Buffer.from('stream');
const endKeyword = Buffer.from('endstream');
/** How far before `stream` its dictionary is looked for. */
const dictionaryWindow = 4096;

/**
 * Finds each Flate-compressed stream that is not an image and inflates it with a cap on its
 * output (zlib stops at the cap; nothing beyond it is allocated). Returns the refusal's reason when
 * a stream or all of them pass the budget, else null. One pass over the bytes: linear in the file.
 */
export function overStreamBudget(bytes: Uint8Array): string | null {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let at = 0;
  for (;;) {
    const keyword = file.indexOf(streamKeyword, at);
    if (keyword < 0) return null;
    at = keyword + streamKeyword.length;
    // `endstream` contains `stream`: skip it.
    if (keyword >= 3 && file.subarray(keyword - 3, keyword).toString('latin1') === 'end') continue;
    const dictionary = file.subarray(Math.max(0, keyword - dictionaryWindow), keyword).toString('latin1');
    const opened = dictionary.lastIndexOf('<<');
    const header = opened < 0 ? dictionary : dictionary.slice(opened);
    if (!/\/FlateDecode\b/.test(header) || /\/Subtype\s*\/Image\b/.test(header)) continue;
    let start = at;
    if (file[start] === 0x0d) start++;
    if (file[start] === 0x0a) start++;
    const end = file.indexOf(endKeyword, start);
    const data = file.subarray(start, end < 0 ? file.length : end);
    let expanded = 0;
    try {
      expanded = inflateSync(data, {
        maxOutputLength: streamBudget.streamBytes,
        finishFlush: 2 /* Z_SYNC_FLUSH: a stream cut short still counts what it holds */,
      }).length;
    } catch (error) {
      if (error instanceof RangeError) {
        return `A compressed part of this PDF expands to more than ${streamBudget.streamBytes / 1024 / 1024} MB: it is not an ordinary document.`;
      }
      // Not inflatable at all: the parser will judge it (and a damaged stream is only skipped).
      continue;
    }
    total += expanded;
    if (total > streamBudget.totalBytes) {
      return `The compressed parts of this PDF expand to more than ${streamBudget.totalBytes / 1024 / 1024} MB: it is not an ordinary document.`;
    }
    if (end >= 0) at = end + endKeyword.length;
  }
}
