import { tagOf } from './html-elements';
import { alignmentOf } from './inline-style';
import { type Context, styleOf, type Walker } from './paste-context';
import { pasteLimits } from './paste-limits';

function spanOf(cell: Element, name: string): string {
  const span = Number(cell.getAttribute(name));
  return Number.isInteger(span) && span > 1 ? ` ${name}="${Math.min(span, pasteLimits.cellSpan)}"` : '';
}

export function tableHtml(table: Element, context: Context, walker: Walker): string {
  const rows: string[] = [];
  let caption = '';
  const addRow = (row: Element) => {
    const cells: string[] = [];
    for (let cell = row.firstElementChild; cell; cell = cell.nextElementSibling) {
      const tag = tagOf(cell);
      if (tag !== 'td' && tag !== 'th') continue;
      const style = styleOf(cell, context);
      const firstParagraph = cell.querySelector('p');
      const align =
        alignmentOf(style, cell.getAttribute('align')) ??
        (firstParagraph
          ? alignmentOf(styleOf(firstParagraph, context), firstParagraph.getAttribute('align'))
          : null);
      const cellAlign = align === 'justify' ? null : align;
      const content = walker.flowHtml(cell, { ...context, inHeading: tag === 'th' });
      cells.push(
        `<${tag}${spanOf(cell, 'colspan')}${spanOf(cell, 'rowspan')}${cellAlign ? ` align="${cellAlign}"` : ''}>${content || '<p></p>'}</${tag}>`,
      );
    }
    if (cells.length > 0) rows.push(`<tr>${cells.join('')}</tr>`);
  };
  for (let part = table.firstElementChild; part; part = part.nextElementSibling) {
    const tag = tagOf(part);
    if (tag === 'tr') addRow(part);
    else if (tag === 'thead' || tag === 'tbody' || tag === 'tfoot') {
      for (let row = part.firstElementChild; row; row = row.nextElementSibling)
        if (tagOf(row) === 'tr') addRow(row);
    } else if (tag === 'caption') caption = walker.flowHtml(part, context);
  }
  return `${caption}${rows.length > 0 ? `<table><tbody>${rows.join('')}</tbody></table>` : ''}`;
}
