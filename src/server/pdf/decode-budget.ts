import { AsyncLocalStorage } from 'node:async_hooks';
import { constants, inflateSync } from 'node:zlib';
import { pdfDecodeLimits } from '../../shared/limits';
import { TaskRefusal } from '../workers/task-refusal';

/**
 * The budget of what decoding a user's PDF may produce, counted by the decoders themselves.
 *
 * @libpdf/core and pdf-lib decode a stream's filters whole, into ArrayBuffers outside the thread's
 * heap limit: a 1 MB stream of zeros that expands to gigabytes (a cross-reference stream, an object
 * stream, a page's contents) would take the process's memory with it, whatever its dictionary looks
 * like. Both libraries are patched (patches/) to call the hook below when it is installed: @libpdf/
 * core for each filter of a stream's chain (FilterPipeline.decode) and for Flate's inflation,
 * pdf-lib each time one of its decode streams grows its buffer. Without the hook they behave as
 * published.
 *
 * Each filter's output counts against the stream's budget and against the task's (one inspection,
 * one send, one seal: `withinDecodeBudget`); Flate is inflated by zlib, which stops at the budget
 * without allocating beyond it; LZW and RunLength are measured before they decode (their output
 * length follows from their codes); a filter whose output cannot be known is refused. Once a task
 * passes its budget every later decode in it fails at once, so a parser that recovers from the
 * error (by scanning the file for objects) cannot decode its way past it, and the task is refused
 * whether or not the parser swallowed the error. Outside any task only the stream's budget applies.
 */

type Meter = {
  /** Bytes decoded so far in this task. */
  used: number;
  totalBytes: number;
  /** Why the task passed its budget, once it has. */
  overrun: string | null;
};

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

export const decodeRefusals = {
  stream: `A compressed part of this PDF expands to more than ${megabytes(pdfDecodeLimits.streamBytes)}: it is not an ordinary document.`,
  total: `The compressed parts of this PDF expand to more than ${megabytes(pdfDecodeLimits.totalBytes)}: it is not an ordinary document.`,
  unmeasured: (filter: string) =>
    `A part of this PDF is compressed with ${filter} in a way whose size cannot be known before it is decoded. Print the PDF to a new PDF, then upload that instead.`,
};

/**
 * A decode refused by the budget; its message is the refusal's. A task's deliberate answer: the
 * thread that ran it stays in service.
 */
export class DecodeBudgetExceeded extends TaskRefusal {}

const tasks = new AsyncLocalStorage<Meter>();

const newMeter = (totalBytes: number): Meter => ({ used: 0, totalBytes, overrun: null });

/** The task's meter, or outside any task one that bounds a single stream only. */
const meter = () => tasks.getStore() ?? newMeter(Number.POSITIVE_INFINITY);

function refuse(at: Meter, reason: string): never {
  at.overrun ??= reason;
  throw new DecodeBudgetExceeded(at.overrun);
}

function checkOpen(at: Meter) {
  if (at.overrun) throw new DecodeBudgetExceeded(at.overrun);
}

/** What one more output of `bytes` may be, before it is decoded. */
const room = (at: Meter) => Math.min(pdfDecodeLimits.streamBytes, at.totalBytes - at.used);

function count(at: Meter, bytes: number) {
  if (bytes > pdfDecodeLimits.streamBytes) refuse(at, decodeRefusals.stream);
  if (at.used + bytes > at.totalBytes) refuse(at, decodeRefusals.total);
  at.used += bytes;
}

/** Refuses before decoding when the output's known size (or bound) passes the room left. */
function precheck(at: Meter, bytes: number) {
  if (bytes > pdfDecodeLimits.streamBytes) refuse(at, decodeRefusals.stream);
  if (at.used + bytes > at.totalBytes) refuse(at, decodeRefusals.total);
}

type Params = { getNumber?(key: string): { value: number } | undefined } | undefined;
const numberOf = (params: Params, key: string) => params?.getNumber?.(key)?.value;

export const decodeBudgetHook = {
  /** @libpdf/core: one filter of a stream's chain, decoded by `decode`. */
  decode(filter: string, data: Uint8Array, params: Params, decode: (input: Uint8Array) => Uint8Array) {
    const at = meter();
    checkOpen(at);
    const limit = room(at);
    switch (filter) {
      case 'FlateDecode':
        break; // inflate() below stops at the room left; a predictor only shortens its output
      case 'LZWDecode':
        precheck(at, lzwLength(data, numberOf(params, 'EarlyChange') ?? 1, limit));
        break;
      case 'RunLengthDecode':
        precheck(at, runLengthLength(data, limit));
        break;
      case 'ASCIIHexDecode':
        precheck(at, Math.ceil(data.length / 2));
        break;
      case 'ASCII85Decode':
        precheck(at, ascii85Bound(data));
        break;
      case 'DCTDecode':
      case 'JBIG2Decode':
      case 'JPXDecode':
        break; // returned as they are (JPEG), or refused by the library itself (not decoded)
      case 'CCITTFaxDecode': {
        const rows = numberOf(params, 'Rows') ?? 0;
        if (!(rows > 0)) refuse(at, decodeRefusals.unmeasured(filter));
        precheck(at, Math.ceil((numberOf(params, 'Columns') ?? 1728) / 8) * rows);
        break;
      }
      default:
        refuse(at, decodeRefusals.unmeasured(filter));
    }
    const output = decode(data);
    count(at, output.length);
    return output;
  },

  /**
   * @libpdf/core's Flate: inflated by zlib up to the room left (a stream cut short, or ended by a
   * sync flush as PDFium writes them, gives what it holds). Data zlib finds damaged goes to the
   * library's own lenient inflation, which cannot produce more: zlib met the damage before the cap.
   */
  inflate(data: Uint8Array, lenient: (input: Uint8Array) => Uint8Array): Uint8Array {
    const at = meter();
    checkOpen(at);
    const limit = room(at);
    try {
      const out = inflateSync(data, {
        maxOutputLength: Math.max(1, limit),
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      // A plain Uint8Array that owns its buffer, as pako gives (a Buffer's slice() is a view).
      return out.byteOffset === 0 && out.byteLength === out.buffer.byteLength
        ? new Uint8Array(out.buffer)
        : new Uint8Array(out);
    } catch (error) {
      if (error instanceof RangeError) {
        refuse(at, limit < pdfDecodeLimits.streamBytes ? decodeRefusals.total : decodeRefusals.stream);
      }
      return lenient(data);
    }
  },

  /** pdf-lib: a decode stream's buffer grows to hold `requested` bytes, allocating `added` more. */
  grow(_stream: object, requested: number, added: number) {
    const at = meter();
    checkOpen(at);
    if (requested > pdfDecodeLimits.streamBytes) refuse(at, decodeRefusals.stream);
    if (at.used + added > at.totalBytes) refuse(at, decodeRefusals.total);
    at.used += added;
  },
};

const hookKey = Symbol.for('pdf.decodeBudget');
(globalThis as Record<symbol, unknown>)[hookKey] = decodeBudgetHook;

/**
 * Runs one task that parses PDFs from users (an inspection, a send, a seal) within one budget:
 * 64 MB a stream, 512 MB in all. Throws DecodeBudgetExceeded, with the refusal, when any decode
 * in it passed the budget, even if the parser caught the error and went on.
 */
export async function withinDecodeBudget<T>(work: () => Promise<T>): Promise<T> {
  const at = newMeter(pdfDecodeLimits.totalBytes);
  let result: T;
  try {
    result = await tasks.run(at, work);
  } catch (error) {
    if (at.overrun) throw new DecodeBudgetExceeded(at.overrun);
    throw error;
  }
  if (at.overrun) throw new DecodeBudgetExceeded(at.overrun);
  return result;
}

/**
 * The length LZW codes decode to, as @libpdf/core's decoder reads them, without decoding them
 * (a table of entry lengths, not of entries); stops counting past `limit`.
 */
export function lzwLength(data: Uint8Array, earlyChange: number, limit: number): number {
  const lengths = new Int32Array(4096);
  lengths.fill(1, 0, 256);
  const bits = data.length * 8;
  let at = 0;
  let width = 9;
  let next = 258;
  let previous = -1;
  let total = 0;
  while (at + width <= bits && total <= limit) {
    let code = 0;
    for (let bit = 0; bit < width; bit++, at++)
      code = (code << 1) | (((data[at >> 3] ?? 0) >> (7 - (at & 7))) & 1);
    if (code === 257) break;
    if (code === 256) {
      width = 9;
      next = 258;
      previous = -1;
      continue;
    }
    let length: number;
    if (code < next) length = lengths[code] ?? 1;
    else if (code === next && previous > 0) length = previous + 1;
    else break; // the decoder refuses this code
    total += length;
    if (previous > 0 && next < 4096) {
      lengths[next] = previous + 1;
      next++;
      const threshold = earlyChange === 1 ? next : next - 1;
      if (threshold === 512 && width < 10) width = 10;
      else if (threshold === 1024 && width < 11) width = 11;
      else if (threshold === 2048 && width < 12) width = 12;
    }
    previous = length;
  }
  return total;
}

/** The length RunLength data decodes to, without decoding it; stops counting past `limit`. */
export function runLengthLength(data: Uint8Array, limit: number): number {
  let total = 0;
  let at = 0;
  while (at < data.length && total <= limit) {
    const length = data[at++] ?? 128;
    if (length === 128) break;
    if (length < 128) {
      total += Math.min(length + 1, data.length - at);
      at += length + 1;
    } else {
      total += 257 - length;
      at++;
    }
  }
  return total;
}

/** At most what ASCII85 data decodes to: four bytes for each `z`, four for five other characters. */
function ascii85Bound(data: Uint8Array): number {
  let zeros = 0;
  let others = 0;
  for (const byte of data) {
    if (byte === 0x7a) zeros++;
    else if (byte > 0x20) others++;
  }
  return zeros * 4 + Math.ceil((others * 4) / 5);
}
