import type { ListNumberType } from '../ordered-list';
import { HtmlWriter } from './html-writer';
import { pasteLimits } from './paste-limits';

/**
 * One list item known by its level rather than by nesting: how Word (mso-list paragraphs) and
 * Google Docs (aria-level) describe lists.
 */
export type LevelledItem = {
  /** 1 for the outermost level. */
  level: number;
  ordered: boolean;
  type: ListNumberType;
  /** The number of the item, when known (Word's typed marker): a list that starts here starts at it. */
  value: number | null;
  legal: boolean;
  /** Which list it belongs to at its level: a change starts a new list. */
  listKey: string;
  render: (writer: HtmlWriter) => void;
};

type OpenList = { level: number; key: string; tag: 'ol' | 'ul'; itemOpen: boolean };

function listKeyOf(item: LevelledItem): string {
  return `${item.listKey}|${item.ordered ? item.type : 'bullet'}|${item.legal}`;
}

function openTag(item: LevelledItem): string {
  if (!item.ordered) return '<ul>';
  const type = item.type === '1' ? '' : ` type="${item.type}"`;
  const start =
    item.value !== null && item.value !== 1 && item.value >= 0 && item.value <= pasteLimits.listStart
      ? ` start="${item.value}"`
      : '';
  const legal = item.legal ? ' data-numbering="legal"' : '';
  return `<ol${type}${start}${legal}>`;
}

/**
 * Nests items by level into ul/ol elements. A level deeper than the one open nests one step in
 * the open item (skipped levels are not invented); beyond pasteLimits.listDepth items stay at the
 * deepest level.
 */
export function renderLevelledItems(items: readonly LevelledItem[]): string {
  const parts: string[] = [];
  const open: OpenList[] = [];
  const close = () => {
    const list = open.pop() as OpenList;
    if (list.itemOpen) parts.push('</li>');
    parts.push(`</${list.tag}>`);
  };
  for (const item of items) {
    const level = Math.min(Math.max(1, item.level), pasteLimits.listDepth);
    const key = listKeyOf(item);
    while (open.length > 0 && (open[open.length - 1] as OpenList).level > level) close();
    let top = open[open.length - 1];
    if (top && top.level === level && top.key !== key) {
      close();
      top = open[open.length - 1];
    }
    if (!top || top.level < level) {
      // A deeper level without an item to hang on at the top opens in a new item.
      if (top && !top.itemOpen) {
        parts.push('<li><p></p>');
        top.itemOpen = true;
      }
      const tag = item.ordered ? 'ol' : 'ul';
      parts.push(openTag(item));
      top = { level, key, tag, itemOpen: false };
      open.push(top);
    }
    if (top.itemOpen) parts.push('</li>');
    const writer = new HtmlWriter();
    item.render(writer);
    const content = writer.html();
    parts.push(`<li>${content.startsWith('<p') ? content : `<p></p>${content}`}`);
    top.itemOpen = true;
  }
  while (open.length > 0) close();
  return parts.join('');
}
