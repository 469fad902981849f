import { View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { EditorNode } from '../../shared/api/editor-document';
import { colors } from './page-frame';
import { columnWidths } from './table-columns';

const cellPaddingX = 5;
const cellPaddingY = 3;
const border = 0.75;

/** What a cell's blocks are drawn with: the width inside its padding, bold for header cells, its alignment. */
export type CellContext = { width: number; bold: boolean; align: 'left' | 'center' | 'right' | undefined };

const cellAligns = new Set(['left', 'center', 'right']);
const isHeader = (row: EditorNode | undefined) =>
  (row?.content ?? []).length > 0 && (row?.content ?? []).every((cell) => cell.type === 'tableHeader');

/**
 * A table as the editor shows it: bordered cells, the header row bold on a shaded ground and
 * repeated at the top of each page the table continues on, colspan as wider cells, the cell's
 * alignment. A row never splits across pages; a long table breaks between rows.
 */
export function renderTable(
  table: EditorNode,
  key: number,
  width: number,
  gap: number,
  renderCell: (cell: EditorNode, context: CellContext) => ReactNode[],
): ReactNode {
  const rows = table.content ?? [];
  const widths = columnWidths(rows, width - border);
  const headed = isHeader(rows[0]);
  return (
    <View
      key={key}
      // The rule above the table; a header row draws its own, so it is there on every page.
      style={{ marginBottom: gap, borderTopWidth: headed ? 0 : border, borderColor: colors.strongRule }}
    >
      {rows.map((row, rowIndex) => {
        const cells = row.content ?? [];
        const header = isHeader(row);
        let column = 0;
        return (
          <View
            // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
            key={rowIndex}
            style={{
              flexDirection: 'row',
              backgroundColor: header ? colors.faint : undefined,
              borderTopWidth: header && rowIndex === 0 ? border : 0,
              borderLeftWidth: border,
              borderColor: colors.strongRule,
            }}
            wrap={false}
            fixed={header && rowIndex === 0 ? true : undefined}
          >
            {cells.map((cell, cellIndex) => {
              const span = Math.max(1, Number(cell.attrs?.colspan) || 1);
              const cellWidth = widths.slice(column, column + span).reduce((sum, value) => sum + value, 0);
              column += span;
              const align =
                typeof cell.attrs?.align === 'string' && cellAligns.has(cell.attrs.align)
                  ? cell.attrs.align
                  : undefined;
              return (
                <View
                  // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
                  key={cellIndex}
                  style={{
                    width: cellWidth,
                    paddingHorizontal: cellPaddingX,
                    paddingVertical: cellPaddingY,
                    borderRightWidth: border,
                    borderBottomWidth: border,
                    borderColor: colors.strongRule,
                  }}
                >
                  {renderCell(cell, {
                    width: cellWidth - 2 * cellPaddingX - border,
                    bold: cell.type === 'tableHeader',
                    align: align as CellContext['align'],
                  })}
                </View>
              );
            })}
          </View>
        );
      })}
    </View>
  );
}
