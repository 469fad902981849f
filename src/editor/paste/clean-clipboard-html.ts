import { safeLinkHref } from '../link-href';
import { HtmlWriter } from './html-writer';
import { alignmentOf, marksFromStyle, noMarks, styleDeclarations, type TextMarks } from './inline-style';
import { type LevelledItem, renderLevelledItems } from './levelled-list';
import { numberTypeOf } from './list-marker';
import { pasteLimits } from './paste-limits';
import { readStyleSheets, type StyleSheets } from './style-sheets';
import { takeWordMarker, wordItemMarker, wordListParagraph } from './word-lists';

const ELEMENT = 1;
const TEXT = 3;

/** Elements whose content is never text a reader saw. */
const dropped = new Set([
  'script',
  'style',
  'template',
  'head',
  'title',
  'meta',
  'link',
  'noscript',
  'svg',
  'math',
  'object',
  'embed',
  'iframe',
  'canvas',
  'video',
  'audio',
  'img',
  'picture',
  'input',
  'select',
  'textarea',
  'button',
  'xml',
  'o:p',
  'map',
  'area',
]);

/** Blocks read as paragraphs (their inline content; blocks inside them are read as blocks). */
const flowBlocks = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'address',
  'center',
  'figure',
  'figcaption',
  'dl',
  'dt',
  'dd',
  'form',
  'fieldset',
  'legend',
  'details',
  'summary',
  'caption',
  'body',
  'html',
  'li',
  'hgroup',
  'search',
  'dialog',
]);

const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const otherBlocks = new Set([
  'ul',
  'ol',
  'table',
  'blockquote',
  'pre',
  'hr',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
]);

/** Word's paragraph styles that are headings in all but tag. */
const wordHeadingClasses: Record<string, string> = { msotitle: 'h1', msosubtitle: 'h2' };

type Context = {
  marks: TextMarks;
  depth: number;
  listDepth: number;
  sheets: StyleSheets;
  /** Headings and table headers are bold already: their own weight is not a mark. */
  inHeading: boolean;
};

const tagOf = (element: Element) => element.tagName.toLowerCase();

/** The text under a node, without recursion: below the depth followed, nesting can be anything. */
function flatText(node: Node): string {
  const texts: string[] = [];
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Node;
    if (current.nodeType === TEXT) texts.push(current.nodeValue ?? '');
    else if (current.nodeType === ELEMENT && !dropped.has(tagOf(current as Element))) {
      for (let child = current.lastChild; child; child = child.previousSibling) stack.push(child);
    }
  }
  return texts.join('');
}

/** An element's style: what its classes' rules say, overridden by its own style attribute. */
function styleOf(element: Element, context: Context): Map<string, string> {
  const own = element.getAttribute('style');
  const classes = element.getAttribute('class');
  if (!classes || context.sheets.classStyles.size === 0) return styleDeclarations(own);
  const tag = tagOf(element);
  let fromClasses = '';
  for (const name of classes.toLowerCase().split(/\s+/)) {
    fromClasses += `${context.sheets.classStyles.get(`.${name}`) ?? ''}${context.sheets.classStyles.get(`${tag}.${name}`) ?? ''}`;
  }
  return styleDeclarations(fromClasses ? `${fromClasses};${own ?? ''}` : own);
}

function isBlock(tag: string): boolean {
  return flowBlocks.has(tag) || headings.has(tag) || otherBlocks.has(tag);
}

/** An inline element holding blocks (Google Docs' `<b>` around the whole paste) is a container. */
function holdsBlocks(element: Element, depth: number): boolean {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    const tag = tagOf(child);
    if (isBlock(tag)) return true;
    if (depth < 3 && !dropped.has(tag) && holdsBlocks(child, depth + 1)) return true;
  }
  return false;
}

function isHidden(style: Map<string, string>): boolean {
  return style.get('display') === 'none';
}

/** The marks inside an element, from its tag and its style. */
function marksInside(element: Element, tag: string, style: Map<string, string>, context: Context): TextMarks {
  let marks = context.marks;
  switch (tag) {
    case 'b':
    case 'strong':
      if (!context.inHeading) marks = { ...marks, bold: true };
      break;
    case 'i':
    case 'em':
    case 'cite':
    case 'var':
    case 'dfn':
      marks = { ...marks, italic: true };
      break;
    case 'u':
    case 'ins':
      marks = { ...marks, underline: true };
      break;
    case 's':
    case 'strike':
    case 'del':
      marks = { ...marks, strike: true };
      break;
    case 'code':
    case 'kbd':
    case 'samp':
    case 'tt':
      marks = { ...marks, code: true };
      break;
    case 'a': {
      // Only absolute addresses: a page's relative links ("/pricing", Word's "#_Toc12") lead nowhere here.
      const href = element.getAttribute('href')?.trim();
      if (href) marks = { ...marks, link: /^[a-z][a-z0-9+.-]*:/i.test(href) ? safeLinkHref(href) : null };
      break;
    }
  }
  const styled = marksFromStyle(marks, style);
  return context.inHeading ? { ...styled, bold: marks.bold } : styled;
}

/** Indent steps (0.5 in each) of a paragraph Word or LibreOffice indented; web pages' pixels are layout. */
function indentOf(style: Map<string, string>): number {
  const margin = /^(-?[\d.]+)(pt|in|cm)$/.exec(style.get('margin-left') ?? '');
  if (!margin) return 0;
  const points = Number(margin[1]) * (margin[2] === 'in' ? 72 : margin[2] === 'cm' ? 28.35 : 1);
  return Math.max(0, Math.min(8, Math.round(points / 36)));
}

function blockAttributes(element: Element, style: Map<string, string>, withIndent: boolean): string {
  const align = alignmentOf(style, element.getAttribute('align'));
  const indent = withIndent ? indentOf(style) : 0;
  return `${align ? ` style="text-align: ${align}"` : ''}${indent > 0 ? ` data-indent="${indent}"` : ''}`;
}

function isPageBreak(style: Map<string, string>): boolean {
  return style.get('page-break-before') === 'always' || style.get('break-before') === 'page';
}

/** Adds the inline content of an element (text, marks, line breaks) to the paragraph being filled. */
function addInline(node: Node, writer: HtmlWriter, context: Context): void {
  if (node.nodeType === TEXT) {
    writer.text(node.nodeValue ?? '', context.marks);
    return;
  }
  if (node.nodeType !== ELEMENT) return;
  const element = node as Element;
  const tag = tagOf(element);
  if (dropped.has(tag) || /^[vwmo]:/.test(tag)) return;
  const style = styleOf(element, context);
  if (isHidden(style)) return;
  if (tag === 'br') {
    if (isPageBreak(style) && !context.inHeading) writer.block('<div data-type="page-break"></div>');
    else writer.hardBreak();
    return;
  }
  if (context.depth > pasteLimits.elementDepth) {
    writer.text(flatText(element), context.marks);
    return;
  }
  const inner: Context = {
    ...context,
    depth: context.depth + 1,
    marks: marksInside(element, tag, style, context),
  };
  for (let child = element.firstChild; child; child = child.nextSibling) addInline(child, writer, inner);
}

/**
 * Writes the children of a container: runs of inline content become paragraphs (with the
 * container's alignment), blocks are written as blocks, and runs of Word list paragraphs become
 * nested lists.
 */
function addFlow(parent: Node, writer: HtmlWriter, context: Context, skipLists = false): void {
  let child: Node | null = parent.firstChild;
  while (child) {
    if (child.nodeType === ELEMENT) {
      const element = child as Element;
      const tag = tagOf(element);
      if (skipLists && (tag === 'ul' || tag === 'ol')) {
        child = child.nextSibling;
        continue;
      }
      const wordList = wordListParagraph(element.getAttribute('style'));
      if (wordList && !headings.has(tag) && context.listDepth === 0) {
        child = addWordList(element, writer, context);
        continue;
      }
      if (isBlock(tag) || holdsBlocks(element, 0)) addBlock(element, tag, writer, context);
      else addInline(element, writer, context);
    } else {
      addInline(child, writer, context);
    }
    child = child.nextSibling;
  }
}

function addBlock(element: Element, tag: string, writer: HtmlWriter, context: Context): void {
  if (dropped.has(tag)) return;
  const style = styleOf(element, context);
  if (isHidden(style)) return;
  if (context.depth > pasteLimits.elementDepth) {
    writer.text(flatText(element), context.marks);
    writer.flush();
    return;
  }
  if (isPageBreak(style) && context.listDepth === 0) writer.block('<div data-type="page-break"></div>');
  const inner: Context = { ...context, depth: context.depth + 1 };
  const wordHeading = wordHeadingClasses[(element.getAttribute('class') ?? '').toLowerCase()];
  if (headings.has(tag) || wordHeading) {
    addHeading(element, wordHeading ?? tag, style, writer, inner);
    return;
  }
  switch (tag) {
    case 'ul':
    case 'ol':
      writer.block(listHtml(element, inner));
      return;
    case 'table':
      writer.block(tableHtml(element, inner));
      return;
    case 'blockquote': {
      const quote = new HtmlWriter();
      addFlow(element, quote, { ...inner, marks: marksInside(element, tag, style, context) });
      const content = quote.html();
      if (content) writer.block(`<blockquote>${content}</blockquote>`);
      return;
    }
    case 'pre': {
      const code = element.textContent ?? '';
      if (code.trim()) writer.block(`<pre><code>${escapeText(code)}</code></pre>`);
      return;
    }
    case 'hr':
      writer.block('<hr>');
      return;
    case 'thead':
    case 'tbody':
    case 'tfoot':
    case 'tr':
    case 'td':
    case 'th':
      // Table parts outside a table (a copied range of cells): their text, as paragraphs.
      addFlow(element, writer, inner);
      writer.flush();
      return;
  }
  // A paragraph or a container of paragraphs.
  writer.flush();
  const saved = writer.paragraphAttributes;
  const attributes = blockAttributes(element, style, context.listDepth === 0);
  if (attributes) writer.paragraphAttributes = attributes;
  addFlow(element, writer, { ...inner, marks: marksInside(element, tag, style, context) });
  writer.flush();
  writer.paragraphAttributes = saved;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function addHeading(
  element: Element,
  tag: string,
  style: Map<string, string>,
  writer: HtmlWriter,
  context: Context,
): void {
  const heading = new HtmlWriter();
  const inner: Context = {
    ...context,
    inHeading: true,
    marks: marksInside(element, tag, style, { ...context, inHeading: true }),
  };
  // A numbered Word heading keeps its number as text: clauses are cited by it.
  if (wordListParagraph(element.getAttribute('style'))) {
    const marker = takeWordMarker(element)
      .replace(/[\s\u00a0]+/g, ' ')
      .trim();
    if (marker) heading.text(`${marker} `, inner.marks);
  }
  for (let child = element.firstChild; child; child = child.nextSibling) addInline(child, heading, inner);
  const content = heading.takeInline();
  if (content !== null) writer.block(`<${tag}${blockAttributes(element, style, false)}>${content}</${tag}>`);
}

/** Renders an element's content as blocks of its own (a list item, a table cell). */
function flowHtml(element: Element, context: Context, skipLists = false): string {
  const writer = new HtmlWriter();
  const style = styleOf(element, context);
  const marks = marksInside(element, tagOf(element), style, context);
  addFlow(element, writer, { ...context, marks }, skipLists);
  return writer.html();
}

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
function levelledItemsOf(list: Element, context: Context, items: LevelledItem[], depth: number): void {
  if (depth > pasteLimits.listDepth * 2) return;
  const ordered = tagOf(list) === 'ol';
  const start = Number(list.getAttribute('start'));
  let first = true;
  for (let child = list.firstElementChild; child; child = child.nextElementSibling) {
    const tag = tagOf(child);
    if (tag === 'ul' || tag === 'ol') {
      levelledItemsOf(child, context, items, depth + 1);
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
      render: (writer) => writer.block(flowHtml(item, context, true)),
    });
    first = false;
    for (let part = item.firstElementChild; part; part = part.nextElementSibling) {
      const partTag = tagOf(part);
      if (partTag === 'ul' || partTag === 'ol') levelledItemsOf(part, context, items, depth + 1);
    }
  }
}

function listHtml(list: Element, context: Context): string {
  if (onlyHeadings(list, 0)) {
    const writer = new HtmlWriter();
    for (const heading of Array.from(list.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
      addBlock(heading, tagOf(heading), writer, context);
    }
    return writer.html();
  }
  const firstItem = list.querySelector('li');
  if (firstItem?.hasAttribute('aria-level') && context.listDepth === 0) {
    const items: LevelledItem[] = [];
    levelledItemsOf(list, { ...context, listDepth: 1 }, items, 0);
    return renderLevelledItems(items);
  }
  const inner: Context = { ...context, listDepth: context.listDepth + 1 };
  if (context.listDepth >= pasteLimits.listDepth) {
    // Too deep: the items' content joins the item around them.
    const writer = new HtmlWriter();
    for (let child = list.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === ELEMENT) writer.block(flowHtml(child as Element, inner));
      else addInline(child, writer, inner);
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
      addInline(child, loose, inner);
      continue;
    }
    const element = child as Element;
    const tag = tagOf(element);
    if (tag === 'li') {
      takeLoose();
      items.push([flowHtml(element, inner)]);
    } else if (tag === 'ul' || tag === 'ol') {
      // A list right inside a list (Google Docs, LibreOffice): it belongs to the item before it.
      takeLoose();
      const nested = listHtml(element, inner);
      const last = items[items.length - 1];
      if (last) last.push(nested);
      else items.push(['<p></p>', nested]);
    } else if (isBlock(tag) || holdsBlocks(element, 0)) {
      takeLoose();
      items.push([flowHtml(element, inner)]);
    } else {
      addInline(element, loose, inner);
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

function spanOf(cell: Element, name: string): string {
  const span = Number(cell.getAttribute(name));
  return Number.isInteger(span) && span > 1 ? ` ${name}="${Math.min(span, pasteLimits.cellSpan)}"` : '';
}

function tableHtml(table: Element, context: Context): string {
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
      const content = flowHtml(cell, { ...context, inHeading: tag === 'th' });
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
    } else if (tag === 'caption') caption = flowHtml(part, context);
  }
  return `${caption}${rows.length > 0 ? `<table><tbody>${rows.join('')}</tbody></table>` : ''}`;
}

function isLeftOut(node: Node): boolean {
  if (node.nodeType === TEXT) return !(node.nodeValue ?? '').trim();
  if (node.nodeType !== ELEMENT) return true;
  const tag = tagOf(node as Element);
  return !isBlock(tag) && !(node.textContent ?? '').trim();
}

function nextIsWordListParagraph(node: Node): boolean {
  let next = node.nextSibling;
  for (let steps = 0; next && steps < 20; steps += 1, next = next.nextSibling) {
    if (next.nodeType === ELEMENT && wordListParagraph((next as Element).getAttribute('style'))) return true;
    if (!isLeftOut(next)) return false;
  }
  return false;
}

/**
 * Turns a run of Word list paragraphs (and the indented paragraphs between them, which belong to
 * the item before) into nested lists. Returns the node after the run.
 */
function addWordList(first: Element, writer: HtmlWriter, context: Context): Node | null {
  const items: LevelledItem[] = [];
  const legalLists = new Set<string>();
  const itemContext: Context = { ...context, listDepth: 1 };
  let extras: Element[] = [];
  let last: Node = first;
  for (let node: Node | null = first; node; node = node.nextSibling) {
    if (node.nodeType === ELEMENT) {
      const element = node as Element;
      const tag = tagOf(element);
      const paragraph = headings.has(tag) ? null : wordListParagraph(element.getAttribute('style'));
      if (paragraph) {
        const marker = wordItemMarker(paragraph, takeWordMarker(element), context.sheets.listFormats);
        const ordered = marker.kind === 'ordered';
        if (ordered && marker.legal) legalLists.add(paragraph.listId);
        const itemExtras: Element[] = [];
        extras = itemExtras;
        items.push({
          level: paragraph.level,
          ordered,
          type: ordered ? marker.type : '1',
          value: ordered ? marker.value : null,
          legal: false,
          listKey: paragraph.listId,
          render: (itemWriter) => {
            for (const part of [element, ...itemExtras]) itemWriter.block(flowHtml(part, itemContext));
          },
        });
        last = node;
        continue;
      }
      const indented = tag === 'p' && indentOf(styleDeclarations(element.getAttribute('style'))) > 0;
      if (indented && nextIsWordListParagraph(node)) {
        extras.push(element);
        last = node;
        continue;
      }
    }
    if (!isLeftOut(node)) break;
  }
  for (const item of items) if (item.ordered && legalLists.has(item.listKey)) item.legal = true;
  writer.block(renderLevelledItems(items));
  return last.nextSibling;
}

/** Cleans a parsed clipboard document into HTML the contract schema reads as it is. */
export function cleanClipboardDocument(document: Document): string {
  const root = document.body ?? document.documentElement;
  if (!root) return '';
  const writer = new HtmlWriter();
  const sheets = readStyleSheets(document);
  addFlow(root, writer, { marks: noMarks, depth: 0, listDepth: 0, sheets, inHeading: false });
  return writer.html();
}

/**
 * Turns what Word, Google Docs, LibreOffice or a web page put on the clipboard into clean HTML:
 * headings, paragraphs, bold, italic, underline, strike, safe links, lists with their levels and
 * numbering, tables and page breaks, and nothing else. `parseHtml` is the DOM at hand (the
 * browser's DOMParser, or a server-side DOM), so the same clean-up serves paste and import.
 * HTML copied from a Pactum editor is already the schema's and passes as it is.
 */
export function cleanClipboardHtml(html: string, parseHtml: (html: string) => Document): string {
  if (html.includes('data-pm-slice')) return html;
  return cleanClipboardDocument(parseHtml(html));
}
