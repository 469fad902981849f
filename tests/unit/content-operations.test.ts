import { describe, expect, it } from 'vitest';
import { contentOperations } from '../../src/server/pdf/content-operations';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const text = (bytes: unknown) => Buffer.from(bytes as Uint8Array).toString('latin1');

describe('a content stream read as operations', () => {
  it('reads strings with escapes and nesting, hex strings, arrays, names and numbers, with where each operation is', () => {
    const source = 'BT /F1 12 Tf 72 700 Td (a \\(b\\) (c) \\101\\n) Tj [<7b7b> -20 (x)] TJ ET';
    const operations = contentOperations(latin1(source));
    expect(operations.map((operation) => operation.operator)).toEqual(['BT', 'Tf', 'Td', 'Tj', 'TJ', 'ET']);
    const [, font, move, shown, array] = operations;
    expect(font?.operands).toEqual(['/F1', 12]);
    expect(move?.operands).toEqual([72, 700]);
    expect(text(shown?.operands[0])).toBe('a (b) (c) A\n');
    const items = array?.operands[0] as unknown[];
    expect(text(items[0])).toBe('{{');
    expect(items[1]).toBe(-20);
    // Each operation's bytes run from its first operand to its operator's end.
    expect(source.slice(shown?.start, shown?.end)).toBe('(a \\(b\\) (c) \\101\\n) Tj');
  });

  it('steps over an inline image and a dictionary operand, whatever bytes they hold', () => {
    const source = latin1(
      '/P <</MCID 0>> BDC BI /W 2 /H 1 /BPC 8 /CS /G ID \u00ff) Tj ET\u0000 EI EMC (after) Tj',
    );
    const operations = contentOperations(source);
    expect(operations.map((operation) => operation.operator)).toEqual(['BDC', 'BI', 'EMC', 'Tj']);
    expect(text(operations[3]?.operands[0])).toBe('after');
  });
});
