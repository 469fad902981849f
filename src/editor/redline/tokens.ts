import type { EditorMark, EditorNode } from '../../shared/api/editor-document';

/**
 * One unit of a word-by-word comparison: a word, a run of spaces, a punctuation sign, a single
 * Chinese or Japanese character (those scripts put no spaces between words), or an inline node (a line
 * break, a merge field). `key` is what two tokens must share to be the same: text and marks.
 */
export type InlineToken = { key: string; node: EditorNode };

// Words of letters, digits and joiners in any script (but CJK, taken one character at a time),
// runs of white space, or any other single character.
const tokenPattern =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{M}\p{N}_'’-])+|\s+|./gsu;

function marksKey(marks: EditorMark[] | undefined): string {
  return marks && marks.length > 0 ? JSON.stringify(marks) : '';
}

/** The inline content of a text block as tokens, each carrying its marks. */
export function tokenize(inline: EditorNode[] | undefined): InlineToken[] {
  const tokens: InlineToken[] = [];
  for (const node of inline ?? []) {
    if (node.type !== 'text' || node.text === undefined) {
      tokens.push({ key: `\u0001${JSON.stringify(node)}`, node });
      continue;
    }
    const marks = marksKey(node.marks);
    for (const [word] of node.text.matchAll(tokenPattern)) {
      tokens.push({
        key: `${word}\u0000${marks}`,
        node: node.marks ? { type: 'text', text: word, marks: node.marks } : { type: 'text', text: word },
      });
    }
  }
  return tokens;
}

/** Whether a token counts as a word: it holds a letter or a digit, or is an inline node. */
export function isWord(token: InlineToken): boolean {
  return token.node.type !== 'text' || /[\p{L}\p{N}]/u.test(token.node.text ?? '');
}

/** Inline content that carries marks itself: text, merge fields and signing fields. */
export const isMarkedInline = (node: EditorNode): boolean =>
  node.type === 'text' || node.type === 'mergeField' || node.type === 'signingField';

/** Inline nodes with a mark added (a redline mark), adjacent text with the same marks joined. */
export function withMark(nodes: EditorNode[], mark: EditorMark | null): EditorNode[] {
  return nodes.map((node) =>
    mark && isMarkedInline(node) ? { ...node, marks: [...(node.marks ?? []), mark] } : node,
  );
}

/** Joins adjacent text nodes whose marks are the same, as ProseMirror would store them. */
export function joinText(nodes: EditorNode[]): EditorNode[] {
  const joined: EditorNode[] = [];
  let previousKey = '';
  for (const node of nodes) {
    const last = joined[joined.length - 1];
    const key = node.type === 'text' ? marksKey(node.marks) : '';
    if (last && last.type === 'text' && node.type === 'text' && key === previousKey) {
      joined[joined.length - 1] = { ...last, text: `${last.text ?? ''}${node.text ?? ''}` };
    } else {
      joined.push(node);
    }
    previousKey = key;
  }
  return joined;
}
