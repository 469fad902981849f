/**
 * A page's content stream read as its operations (operands, then the operator), each with where
 * it is in the bytes, so one can be rewritten and the rest kept byte for byte. Only what the
 * rewriting needs is kept of an operand: numbers, names, strings (as their bytes) and arrays of
 * those; dictionaries are skipped, and an inline image (BI … ID … EI) is one operation.
 */
export type Operand = number | string | Uint8Array | Operand[] | null;
export type Operation = { operator: string; operands: Operand[]; start: number; end: number };

const isSpace = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0;
const isDelimiter = (byte: number) => '()<>[]{}/%'.includes(String.fromCharCode(byte));
const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

export function contentOperations(bytes: Uint8Array): Operation[] {
  const operations: Operation[] = [];
  let at = 0;
  let operands: Operand[] = [];
  let start = -1;

  const skipSpace = () => {
    while (at < bytes.length) {
      const byte = bytes[at] ?? 0;
      if (isSpace(byte)) at++;
      else if (byte === 0x25) while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
      else break;
    }
  };
  const word = () => {
    const from = at;
    while (at < bytes.length && !isSpace(bytes[at] ?? 0) && !isDelimiter(bytes[at] ?? 0)) at++;
    return Buffer.from(bytes.subarray(from, at)).toString('latin1');
  };
  const literal = (): Uint8Array => {
    at++; // (
    const out: number[] = [];
    let depth = 1;
    while (at < bytes.length) {
      const byte = bytes[at++] ?? 0;
      if (byte === 0x5c) {
        const next = bytes[at++] ?? 0;
        const char = String.fromCharCode(next);
        if (char in escapes) out.push(escapes[char] ?? 0);
        else if (next >= 0x30 && next <= 0x37) {
          let code = next - 0x30;
          for (let digits = 1; digits < 3 && (bytes[at] ?? 0) >= 0x30 && (bytes[at] ?? 0) <= 0x37; digits++)
            code = code * 8 + ((bytes[at++] ?? 0) - 0x30);
          out.push(code & 0xff);
        } else if (next === 0x0d) {
          if (bytes[at] === 0x0a) at++;
        } else if (next !== 0x0a) out.push(next);
      } else if (byte === 0x28) {
        depth++;
        out.push(byte);
      } else if (byte === 0x29) {
        depth--;
        if (depth === 0) break;
        out.push(byte);
      } else out.push(byte);
    }
    return Uint8Array.from(out);
  };
  const hex = (): Uint8Array => {
    at++; // <
    let digits = '';
    while (at < bytes.length && bytes[at] !== 0x3e) {
      const char = String.fromCharCode(bytes[at++] ?? 0);
      if (/[0-9a-f]/i.test(char)) digits += char;
    }
    at++; // >
    if (digits.length % 2) digits += '0';
    return Uint8Array.from(Buffer.from(digits, 'hex'));
  };
  const value = (): Operand | undefined => {
    skipSpace();
    const byte = bytes[at];
    if (byte === undefined) return undefined;
    if (byte === 0x28) return literal();
    if (byte === 0x3c && bytes[at + 1] === 0x3c) {
      skipDictionary();
      return null;
    }
    if (byte === 0x3c) return hex();
    if (byte === 0x5b) {
      at++;
      const items: Operand[] = [];
      for (;;) {
        skipSpace();
        if (at >= bytes.length) break;
        if (bytes[at] === 0x5d) {
          at++;
          break;
        }
        const item = value();
        if (item === undefined) {
          at++; // a stray keyword inside an array: step over it
          continue;
        }
        items.push(item);
      }
      return items;
    }
    if (byte === 0x2f) {
      at++;
      return `/${word()}`;
    }
    if ((byte >= 0x30 && byte <= 0x39) || byte === 0x2b || byte === 0x2d || byte === 0x2e) {
      const text = word();
      const number = Number(text);
      return Number.isFinite(number) ? number : 0;
    }
    if (isDelimiter(byte)) {
      at++; // ) ] > { } met out of place
      return null;
    }
    return undefined; // an operator
  };
  const skipDictionary = () => {
    let depth = 0;
    while (at < bytes.length) {
      if (bytes[at] === 0x3c && bytes[at + 1] === 0x3c) {
        depth++;
        at += 2;
      } else if (bytes[at] === 0x3e && bytes[at + 1] === 0x3e) {
        depth--;
        at += 2;
        if (depth === 0) return;
      } else if (bytes[at] === 0x28) literal();
      else at++;
    }
  };

  while (at < bytes.length) {
    skipSpace();
    if (at >= bytes.length) break;
    if (start < 0) start = at;
    const operand = value();
    if (operand !== undefined) {
      operands.push(operand);
      continue;
    }
    const operator = word();
    if (operator === '') {
      at++;
      continue;
    }
    if (operator === 'BI') skipInlineImage();
    operations.push({ operator, operands, start, end: at });
    operands = [];
    start = -1;
  }
  return operations;

  function skipInlineImage() {
    // The image's data starts one byte after ID and ends before a white space, EI, white space.
    while (at < bytes.length) {
      skipSpace();
      if (bytes[at] === 0x49 && bytes[at + 1] === 0x44 && isSpace(bytes[at + 2] ?? 0x20)) {
        at += 3;
        break;
      }
      if (value() === undefined) word();
    }
    while (at < bytes.length) {
      if (
        isSpace(bytes[at] ?? 0) &&
        bytes[at + 1] === 0x45 &&
        bytes[at + 2] === 0x49 &&
        (at + 3 >= bytes.length || isSpace(bytes[at + 3] ?? 0x20))
      ) {
        at += 3;
        return;
      }
      at++;
    }
  }
}
