import { randomBytes } from 'node:crypto';

/** The serialization under way (serializers run synchronously, one at a time). */
let splicing: { nonce: string; texts: string[] } | undefined;

/**
 * JSON text written into a response as it is, as JSON.rawJSON does from Node 21: a contract's
 * document read as text (db/json-text.ts) goes out without being parsed into some 30,000 objects
 * and written again (for a 3,000-paragraph document, a 5–8 ms turn of the event loop, 2 ms more,
 * and the garbage collections after them). Outside a response serializer it is JSON like any
 * other value: JSON.stringify writes the document it holds.
 */
export class RawJson {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    if (!splicing) return JSON.parse(this.text);
    splicing.texts.push(this.text);
    return `\u0000${splicing.nonce}:${splicing.texts.length - 1}`;
  }
}

/**
 * A serializer that writes RawJson values as their text: each is first written as a placeholder
 * string that no other value can hold (a NUL character, which PostgreSQL text never holds, then
 * a random nonce of this call), then the placeholders are replaced with the texts.
 */
export function splicingRawJson(serialize: (value: unknown) => string): (value: unknown) => string {
  return (value) => {
    const context = { nonce: randomBytes(9).toString('base64url'), texts: [] as string[] };
    splicing = context;
    let written: string;
    try {
      written = serialize(value);
    } finally {
      splicing = undefined;
    }
    if (context.texts.length === 0) return written;
    const placeholder = new RegExp(`"\\\\u0000${context.nonce}:(\\d+)"`, 'g');
    return written.replace(placeholder, (_, index: string) => context.texts[Number(index)] ?? 'null');
  };
}
