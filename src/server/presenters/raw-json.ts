import { randomUUID } from 'node:crypto';

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
 * a random nonce of this call), then the placeholders are replaced with the texts. They are found
 * with indexOf on the nonce: a regular expression starting with a quote tried a match at every
 * quote of the response, and was a quarter of the contract read's CPU time (a CPU profile of
 * `bench:api`).
 */
export function splicingRawJson(serialize: (value: unknown) => string): (value: unknown) => string {
  return (value) => {
    const context = { nonce: randomUUID(), texts: [] as string[] };
    splicing = context;
    let written: string;
    try {
      written = serialize(value);
    } finally {
      splicing = undefined;
    }
    if (context.texts.length === 0) return written;
    // As JSON writes the placeholder: `"\u0000<nonce>:<index>"`.
    const marker = `"\\u0000${context.nonce}:`;
    let spliced = '';
    let from = 0;
    for (let at = written.indexOf(marker); at !== -1; at = written.indexOf(marker, from)) {
      const close = written.indexOf('"', at + marker.length);
      spliced +=
        written.slice(from, at) + (context.texts[Number(written.slice(at + marker.length, close))] ?? 'null');
      from = close + 1;
    }
    return spliced + written.slice(from);
  };
}
