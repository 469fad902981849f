import type { EditorDocument } from '../../src/shared/api/editor-document';

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/**
 * One bullet list whose last item holds the next list, `lists` lists in all: items read
 * "level 1" (outermost) to "level lists-1", and the innermost "deepest".
 */
export function nestedList(lists: number): EditorDocument {
  let node: unknown = { type: 'listItem', content: [para('deepest')] };
  for (let level = 1; level < lists; level += 1) {
    node = {
      type: 'listItem',
      content: [para(`level ${lists - level}`), { type: 'bulletList', content: [node] }],
    };
  }
  return { type: 'doc', content: [{ type: 'bulletList', content: [node] }] } as EditorDocument;
}
