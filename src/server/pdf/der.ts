/**
 * A minimal DER reader and writer for the CMS structures used by PDF seals. Reading works on byte offsets so
 * that signed bytes (signed attributes, certificates) are taken exactly as they were written, never re-encoded.
 */

export const Tag = {
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
  /** [n] constructed, context-specific (EXPLICIT or IMPLICIT constructed). */
  context: (n: number) => 0xa0 | n,
  /** [n] primitive, context-specific. */
  contextPrimitive: (n: number) => 0x80 | n,
} as const;

export const Oid = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

export class DerError extends Error {}

export type Tlv = {
  tag: number;
  /** Offset of the tag byte. */
  start: number;
  /** Offset of the first content byte. */
  contentStart: number;
  /** Offset just past the last content byte. */
  end: number;
};

/** Reads the element at `offset`; it must end at or before `limit`. Indefinite lengths (BER) are refused. */
export function readTlv(buf: Uint8Array, offset: number, limit = buf.length): Tlv {
  if (offset + 2 > limit) throw new DerError('Truncated DER element');
  const tag = buf[offset] as number;
  if ((tag & 0x1f) === 0x1f) throw new DerError('Multi-byte DER tags are not supported');
  let length = buf[offset + 1] as number;
  let contentStart = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new DerError('Unsupported DER length');
    if (contentStart + count > limit) throw new DerError('Truncated DER length');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + (buf[contentStart + i] as number);
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > limit) throw new DerError('DER element runs past its container');
  return { tag, start: offset, contentStart, end };
}

/** The elements directly inside a constructed element. */
export function childrenOf(buf: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  let offset = parent.contentStart;
  while (offset < parent.end) {
    const child = readTlv(buf, offset, parent.end);
    out.push(child);
    offset = child.end;
  }
  return out;
}

export function expectTag(tlv: Tlv | undefined, tag: number, what: string): Tlv {
  if (!tlv || tlv.tag !== tag) throw new DerError(`Unexpected structure: ${what}`);
  return tlv;
}

export const contentOf = (buf: Uint8Array, tlv: Tlv): Buffer =>
  Buffer.from(buf.buffer, buf.byteOffset + tlv.contentStart, tlv.end - tlv.contentStart);

export const rawOf = (buf: Uint8Array, tlv: Tlv): Buffer =>
  Buffer.from(buf.buffer, buf.byteOffset + tlv.start, tlv.end - tlv.start);

export function decodeOid(bytes: Uint8Array): string {
  const parts: number[] = [];
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  const first = parts.shift() ?? 0;
  const head = first < 80 ? [Math.floor(first / 40), first % 40] : [2, first - 80];
  return [...head, ...parts].join('.');
}

/** A UTCTime (YYMMDDHHMMSSZ) or GeneralizedTime (YYYYMMDDHHMMSS[.fff]Z) element; null if it is neither. */
export function readTime(buf: Uint8Array, tlv: Tlv): Date | null {
  const text = contentOf(buf, tlv).toString('latin1');
  const utc = tlv.tag === Tag.utcTime;
  const pattern = utc
    ? /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/
    : /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(?:\.\d+)?Z$/;
  const match = tlv.tag === Tag.utcTime || tlv.tag === Tag.generalizedTime ? pattern.exec(text) : null;
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number);
  const fullYear = utc ? (year < 50 ? 2000 + year : 1900 + year) : year;
  return new Date(Date.UTC(fullYear, month - 1, day, hour, minute, second));
}

export const oidOf = (buf: Uint8Array, tlv: Tlv | undefined): string =>
  decodeOid(contentOf(buf, expectTag(tlv, Tag.oid, 'object identifier')));

// ---- writing ----

export function encode(tag: number, ...contents: Uint8Array[]): Buffer {
  const body = Buffer.concat(contents);
  const n = body.length;
  let header: number[];
  if (n < 0x80) header = [tag, n];
  else if (n < 0x100) header = [tag, 0x81, n];
  else if (n < 0x10000) header = [tag, 0x82, n >> 8, n & 0xff];
  else header = [tag, 0x83, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([Buffer.from(header), body]);
}

export const sequence = (...items: Uint8Array[]): Buffer => encode(Tag.sequence, ...items);

/** A DER SET OF: the encodings are sorted, as DER requires. */
export const setOf = (...items: Uint8Array[]): Buffer =>
  encode(Tag.set, ...[...items].sort((a, b) => Buffer.compare(a, b)));

export const octetString = (bytes: Uint8Array): Buffer => encode(Tag.octetString, bytes);

export const derNull = (): Buffer => Buffer.from([Tag.null, 0]);

export function smallInteger(value: number): Buffer {
  if (!Number.isInteger(value) || value < 0 || value > 127)
    throw new DerError('Only small integers supported');
  return Buffer.from([Tag.integer, 1, value]);
}

export function encodeOid(oid: string): Buffer {
  const parts = oid.split('.').map(Number);
  const [a = 0, b = 0, ...rest] = parts;
  const bytes: number[] = [];
  for (const part of [a * 40 + b, ...rest]) {
    const chunk = [part & 0x7f];
    let value = Math.floor(part / 128);
    while (value > 0) {
      chunk.unshift((value & 0x7f) | 0x80);
      value = Math.floor(value / 128);
    }
    bytes.push(...chunk);
  }
  return encode(Tag.oid, Buffer.from(bytes));
}

/** AlgorithmIdentifier with NULL parameters (RSA and SHA-2 digests). */
export const algorithm = (oid: string): Buffer => sequence(encodeOid(oid), derNull());

/** Attribute ::= SEQUENCE { attrType OID, attrValues SET OF AttributeValue } */
export const attribute = (oid: string, ...values: Uint8Array[]): Buffer =>
  sequence(encodeOid(oid), setOf(...values));

/** The issuer Name and serialNumber INTEGER of a DER certificate, as the exact encoded elements. */
export function certificateIssuerAndSerial(cert: Uint8Array): { issuer: Buffer; serial: Buffer } {
  const certificate = expectTag(readTlv(cert, 0), Tag.sequence, 'certificate');
  const tbs = expectTag(childrenOf(cert, certificate)[0], Tag.sequence, 'tbsCertificate');
  const fields = childrenOf(cert, tbs);
  const skip = fields[0]?.tag === Tag.context(0) ? 1 : 0; // explicit version (v2/v3)
  const serial = expectTag(fields[skip], Tag.integer, 'certificate serial');
  const issuer = expectTag(fields[skip + 2], Tag.sequence, 'certificate issuer');
  return { issuer: rawOf(cert, issuer), serial: rawOf(cert, serial) };
}

/** The deepest nesting and the largest input berToDer takes: a signature's CMS is a few kilobytes, a dozen deep. */
const berLimits = { depth: 64, bytes: 1024 * 1024 };

/**
 * The first element of a BER encoding (a CMS signature as NSS and others write it, with
 * indefinite lengths ended by 00 00) re-encoded with definite lengths, as readTlv reads; what is
 * already DER comes back byte for byte. Only zeros may follow it (a PDF's /Contents padding).
 */
export function berToDer(input: Uint8Array): Buffer {
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (buf.length > berLimits.bytes) throw new DerError('The signature is larger than a signature is');
  const elements = berElements(buf);
  if (buf.subarray(elements.end).some((byte) => byte !== 0)) throw new DerError('Data after the element');
  return derOf(buf, elements);
}

/**
 * The elements of one BER element, in the order DER writes them (each before its children): its
 * tag, where a primitive's content is, and the DER length of its content.
 * Read without recursion and without copying, so a hostile megabyte of tiny elements costs a pass
 * over typed arrays, not an object and a buffer for each (181 ms per signature so, for 1 MB).
 */
type BerElements = {
  count: number;
  tag: Uint8Array;
  /** A primitive's content in the input ([start, stop)); -1 for a constructed element. */
  start: Int32Array;
  stop: Int32Array;
  length: Float64Array;
  /** Where the first element ends in the input. */
  end: number;
};

function berElements(buf: Buffer): BerElements {
  // Each element takes at least two bytes of the input.
  const most = Math.floor(buf.length / 2) + 1;
  const tag = new Uint8Array(most);
  const start = new Int32Array(most);
  const stop = new Int32Array(most);
  const parent = new Int32Array(most);
  let count = 0;
  // The constructed elements open around `at`: their index, and where a definite one ends
  // (-1: indefinite, ended by 00 00).
  const open: { index: number; until: number }[] = [];
  let at = 0;
  let end = -1;
  while (end < 0) {
    const around = open.at(-1);
    if (around) {
      if (around.until < 0 && buf[at] === 0 && buf[at + 1] === 0) {
        open.pop();
        at += 2;
        if (open.length === 0) end = at;
        continue;
      }
      if (around.until >= 0 && at === around.until) {
        open.pop();
        if (open.length === 0) end = at;
        continue;
      }
      if (around.until >= 0 && at > around.until) throw new DerError('BER element runs past its container');
    }
    if (at + 2 > buf.length)
      throw new DerError(open.length > 0 ? 'Unterminated BER element' : 'Truncated BER element');
    const limit = around && around.until >= 0 ? around.until : buf.length;
    const index = count++;
    tag[index] = buf[at] as number;
    parent[index] = around ? around.index : -1;
    const constructed = ((buf[at] as number) & 0x20) !== 0;
    if (buf[at + 1] === 0x80) {
      if (!constructed) throw new DerError('An indefinite length on a primitive BER element');
      if (open.length >= berLimits.depth) throw new DerError('BER nested too deeply');
      start[index] = -1;
      open.push({ index, until: -1 });
      at += 2;
      continue;
    }
    const short = buf[at + 1] as number;
    if (!constructed && short < 0x80) {
      // A primitive of a short length, the commonest by far: read here, without an object.
      if (at + 2 + short > limit) throw new DerError('DER element runs past its container');
      start[index] = at + 2;
      stop[index] = at + 2 + short;
      at += 2 + short;
      if (open.length === 0) end = at;
      continue;
    }
    const tlv = readTlv(buf, at, limit);
    if (constructed) {
      if (open.length >= berLimits.depth) throw new DerError('BER nested too deeply');
      start[index] = -1;
      open.push({ index, until: tlv.end });
      at = tlv.contentStart;
      if (at === tlv.end) {
        open.pop();
        if (open.length === 0) end = at;
      }
      continue;
    }
    start[index] = tlv.contentStart;
    stop[index] = tlv.end;
    at = tlv.end;
    if (open.length === 0) end = at;
  }
  // The DER length of each element's content: a primitive's own, a constructed one's the sum of
  // its children's whole elements (children come after their parent: summed from the last).
  const length = new Float64Array(count);
  for (let index = count - 1; index >= 0; index--) {
    if ((start[index] as number) >= 0) length[index] = (stop[index] as number) - (start[index] as number);
    const up = parent[index] as number;
    if (up >= 0)
      length[up] = (length[up] as number) + headerSize(length[index] as number) + (length[index] as number);
  }
  return { count, tag, start, stop, length, end };
}

/** The bytes of a DER tag and length for content of `length` bytes. */
const headerSize = (length: number) => 2 + (length < 0x80 ? 0 : lengthBytes(length).length);

/** The elements written as DER, into one buffer of their size. */
function derOf(buf: Buffer, { count, tag, start, length }: BerElements): Buffer {
  const total = headerSize(length[0] as number) + (length[0] as number);
  const out = Buffer.alloc(total);
  let at = 0;
  for (let index = 0; index < count; index++) {
    const size = length[index] as number;
    out[at++] = tag[index] as number;
    if (size < 0x80) out[at++] = size;
    else {
      const bytes = lengthBytes(size);
      out[at++] = 0x80 | bytes.length;
      for (const byte of bytes) out[at++] = byte;
    }
    const from = start[index] as number;
    if (from >= 0) at += buf.copy(out, at, from, from + size);
  }
  return out;
}

function lengthBytes(length: number): number[] {
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return bytes;
}
