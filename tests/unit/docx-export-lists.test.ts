import { describe, expect, it } from 'vitest';
import { documentToDocx } from '../../src/server/docx/document-to-docx';
import type { EditorDocument } from '../../src/shared/api/editor-document';

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/** One bullet list whose last item holds the next list, `lists` lists in all. */
function nestedList(lists: number): EditorDocument {
  let node: unknown = { type: 'listItem', content: [para('deepest')] };
  for (let level = 1; level < lists; level += 1) {
    node = {
      type: 'listItem',
      content: [para(`level ${lists - level}`), { type: 'bulletList', content: [node] }],
    };
  }
  return { type: 'doc', content: [{ type: 'bulletList', content: [node] }] } as EditorDocument;
}

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
