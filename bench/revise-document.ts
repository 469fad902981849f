import type { EditorDocument, EditorNode } from '../src/shared/api/editor-document';

/**
 * A later version of a long contract, as negotiation makes one: words changed in one paragraph
 * in seven, a new paragraph after one block in twenty-five, one block in forty removed, a table
 * row added to every table, and ten blocks moved from the first quarter to the last.
 */
export function reviseDocument(document: EditorDocument): EditorDocument {
  const blocks = structuredClone(document.content ?? []);
  const revised: EditorNode[] = [];
  blocks.forEach((block, index) => {
    if (index % 40 === 39) return;
    if (block.type === 'paragraph' && index % 7 === 3) revised.push(reword(block));
    else if (block.type === 'table') revised.push(withRow(block));
    else revised.push(block);
    if (index % 25 === 24) {
      revised.push({
        type: 'paragraph',
        content: [
          { type: 'text', text: `Added in review: the parties agree to clause ${index} as amended.` },
        ],
      });
    }
  });
  const from = Math.floor(revised.length / 4);
  const moved = revised.splice(from, 10);
  revised.splice(Math.floor((revised.length * 3) / 4), 0, ...moved);
  return { type: 'doc', content: revised };
}

function reword(paragraph: EditorNode): EditorNode {
  return {
    ...paragraph,
    content: (paragraph.content ?? []).map((node) =>
      node.type === 'text' && node.text
        ? {
            ...node,
            text: node.text.replace(
              /\b(shall|days|Party|reasonable)\b/,
              (word) => `${word.toUpperCase()} (amended)`,
            ),
          }
        : node,
    ),
  };
}

function withRow(table: EditorNode): EditorNode {
  const rows = table.content ?? [];
  const last = rows[rows.length - 1];
  if (!last) return table;
  const row: EditorNode = {
    ...last,
    content: (last.content ?? []).map((cell) => ({
      ...cell,
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'New row' }] }],
    })),
  };
  return { ...table, content: [...rows, row] };
}
