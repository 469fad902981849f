import { ELEMENT, headings, holdsBlocks, isBlock, tagOf } from './html-elements';
import { HtmlWriter } from './html-writer';
import { styleDeclarations } from './inline-style';
import { type LevelledItem, renderLevelledItems } from './levelled-list';
import { numberTypeOf } from './list-marker';
import type { Context, Walker } from './paste-context';
import { pasteLimits } from './paste-limits';

function orderedAttributes(list: Element, firstItem: Element | null): string {
  const typeAttribute = list.getAttribute('type');
  const typeFromStyle =
    numberTypeOf(styleDeclarations(list.getAttribute('style')).get('list-style-type') ?? '') ??
    numberTypeOf(styleDeclarations(firstItem?.getAttribute('style') ?? null).get('list-style-type') ?? '');
  const type =
    typeAttribute && ['1', 'a', 'A', 'i', 'I'].includes(typeAttribute)
      ? typeAttribute
      : typeFromStyle && typeFromStyle !== 'bullet'
        ? typeFromStyle
        : '1';
  const start = Number(list.getAttribute('start'));
  const startAttribute =
    Number.isInteger(start) &&
    start !== 1 &&
    start >= 0 &&
    start <= pasteLimits.listStart &&
    list.hasAttribute('start')
      ? ` start="${start}"`
      : '';
  const legal = list.getAttribute('data-numbering') === 'legal' ? ' data-numbering="legal"' : '';
  return `${type === '1' ? '' : ` type="${type}"`}${startAttribute}${legal}`;
}

/** LibreOffice puts numbered headings in lists of their own (`<ol><li><h1>`): they are headings. */
function onlyHeadings(list: Element, depth: number): boolean {
  if (depth > pasteLimits.listDepth) return false;
  let found = false;
  for (let child = list.firstElementChild; child; child = child.nextElementSibling) {
    const tag = tagOf(child);
    if (tag === 'ul' || tag === 'ol') {
      if (!onlyHeadings(child, depth + 1)) return false;
      found = true;
    } else if (tag === 'li') {
      for (let part = child.firstElementChild; part; part = part.nextElementSibling) {
        const partTag = tagOf(part);
        if ((partTag === 'ul' || partTag === 'ol') && onlyHeadings(part, depth + 1)) continue;
        if (!headings.has(partTag)) return false;
      }
      if (!child.firstElementChild || (child.textContent ?? '').trim() !== textOfHeadings(child))
        return false;
      found = true;
    } else return false;
  }
  return found;
}

function textOfHeadings(item: Element): string {
  return Array.from(item.querySelectorAll('h1, h2, h3, h4, h5, h6'))
    .map((heading) => heading.textContent ?? '')
    .join('')
    .trim();
}

/** Google Docs marks each item with its level: the levels decide the nesting, not the markup. */
function levelledItemsOf(
  list: Element,
  context: Context,
  items: LevelledItem[],
  depth: number,
  walker: Walker,
): void {
  if (depth > pasteLimits.listDepth * 2) return;
  const ordered = tagOf(list) === 'ol';
  const start = Number(list.getAttribute('start'));
  let first = true;
  for (let child = list.firstElementChild; child; child = child.nextElementSibling) {
    const tag = tagOf(child);
    if (tag === 'ul' || tag === 'ol') {
      levelledItemsOf(child, context, items, depth + 1, walker);
      continue;
    }
    if (tag !== 'li') continue;
    const item = child;
    const level = Number(item.getAttribute('aria-level')) || depth + 1;
    const type = numberTypeOf(styleDeclarations(item.getAttribute('style')).get('list-style-type') ?? '');
    items.push({
      level,
      ordered,
      type: type && type !== 'bullet' ? type : '1',
      value: first && Number.isInteger(start) && list.hasAttribute('start') ? start : null,
      legal: false,
      listKey: 'docs',
      render: (writer) => writer.block(walker.flowHtml(item, context, true)),
    });
    first = false;
    for (let part = item.firstElementChild; part; part = part.nextElementSibling) {
      const partTag = tagOf(part);
      if (partTag === 'ul' || partTag === 'ol') levelledItemsOf(part, context, items, depth + 1, walker);
    }
  }
}

export function listHtml(list: Element, context: Context, walker: Walker): string {
  if (onlyHeadings(list, 0)) {
    const writer = new HtmlWriter();
    for (const heading of Array.from(list.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
      walker.addBlock(heading, tagOf(heading), writer, context);
    }
    return writer.html();
  }
  const firstItem = list.querySelector('li');
  if (firstItem?.hasAttribute('aria-level') && context.listDepth === 0) {
    const items: LevelledItem[] = [];
    levelledItemsOf(list, { ...context, listDepth: 1 }, items, 0, walker);
    return renderLevelledItems(items);
  }
  const inner: Context = { ...context, listDepth: context.listDepth + 1 };
  if (context.listDepth >= pasteLimits.listDepth) {
    // Too deep: the items' content joins the item around them.
    const writer = new HtmlWriter();
    for (let child = list.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === ELEMENT) writer.block(walker.flowHtml(child as Element, inner));
      else walker.addInline(child, writer, inner);
    }
    return writer.html();
  }
  const items: string[][] = [];
  let loose = new HtmlWriter();
  const takeLoose = () => {
    const html = loose.html();
    if (html) items.push([html]);
    loose = new HtmlWriter();
  };
  for (let child = list.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT) {
      walker.addInline(child, loose, inner);
      continue;
    }
    const element = child as Element;
    const tag = tagOf(element);
    if (tag === 'li') {
      takeLoose();
      items.push([walker.flowHtml(element, inner)]);
    } else if (tag === 'ul' || tag === 'ol') {
      // A list right inside a list (Google Docs, LibreOffice): it belongs to the item before it.
      takeLoose();
      const nested = listHtml(element, inner, walker);
      const last = items[items.length - 1];
      if (last) last.push(nested);
      else items.push(['<p></p>', nested]);
    } else if (isBlock(tag) || holdsBlocks(element, 0)) {
      takeLoose();
      items.push([walker.flowHtml(element, inner)]);
    } else {
      walker.addInline(element, loose, inner);
    }
  }
  takeLoose();
  if (items.length === 0) return '';
  const body = items
    .map((parts) => {
      const content = parts.join('');
      return `<li>${content.startsWith('<p') ? content : `<p></p>${content}`}</li>`;
    })
    .join('');
  return tagOf(list) === 'ol' ? `<ol${orderedAttributes(list, firstItem)}>${body}</ol>` : `<ul>${body}</ul>`;
}
