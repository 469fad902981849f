import type { EditorNode } from '../../shared/api/editor-document';

const spanOf = (cell: EditorNode) => Math.max(1, Number(cell.attrs?.colspan) || 1);

/**
 * Column widths in points: the editor's column widths (pixels, from resizing) where it stored
 * them, shared out in the same proportions, and equal shares otherwise; always the full width.
 */
export function columnWidths(rows: EditorNode[], width: number): number[] {
  const count = Math.max(
    1,
    ...rows.map((row) => (row.content ?? []).reduce((sum, cell) => sum + spanOf(cell), 0)),
  );
  const stored: Array<number | null> = Array.from({ length: count }, () => null);
  for (const row of rows) {
    let column = 0;
    for (const cell of row.content ?? []) {
      const widths = Array.isArray(cell.attrs?.colwidth) ? (cell.attrs.colwidth as unknown[]) : [];
      for (let offset = 0; offset < spanOf(cell); offset += 1) {
        const value = Number(widths[offset]);
        if (column + offset < count && stored[column + offset] === null && value > 0)
          stored[column + offset] = value;
      }
      column += spanOf(cell);
    }
  }
  const known = stored.filter((value): value is number => value !== null);
  // A column without a stored width gets the average of those with one (the editor's default
  // is an equal share too).
  const fallback = known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : 1;
  const raw = stored.map((value) => value ?? fallback);
  const total = raw.reduce((sum, value) => sum + value, 0);
  return raw.map((value) => (value / total) * width);
}
