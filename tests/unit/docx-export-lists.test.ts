import { describe, expect, it } from 'vitest';
import { documentToDocx } from '../../src/server/docx/document-to-docx';
import { nestedList } from '../support/nested-list';

describe('.docx export of lists', () => {
  it("puts lists stored deeper than Word's nine levels on its ninth, instead of failing the export", async () => {
    // Saved before lists were bounded: the writer refused level 9 and up, which failed the thread.
    const docx = await documentToDocx(nestedList(12), 'Deep list');
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    const { default: mammoth } = await import('mammoth');
    const { value } = await mammoth.extractRawText({ buffer: docx });
    expect(value).toContain('deepest');
    expect(value).toContain('level 11');
  });
});
