import {
  blockAttributes,
  dropped,
  ELEMENT,
  flatText,
  headings,
  holdsBlocks,
  isBlock,
  isHidden,
  isPageBreak,
  TEXT,
  tagOf,
} from './html-elements';
import { listHtml } from './html-lists';
import { tableHtml } from './html-table';
import { HtmlWriter } from './html-writer';
import { noMarks } from './inline-style';
import { type Context, marksInside, styleOf, type Walker } from './paste-context';
import { pasteLimits } from './paste-limits';
import { readStyleSheets } from './style-sheets';
import { addWordList } from './word-list-run';
import { takeWordMarker, wordListParagraph } from './word-lists';

/** Word's paragraph styles that are headings in all but tag. */
const wordHeadingClasses: Record<string, string> = { msotitle: 'h1', msosubtitle: 'h2' };

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
        child = addWordList(element, writer, context, walker);
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
      writer.block(listHtml(element, inner, walker));
      return;
    case 'table':
      writer.block(tableHtml(element, inner, walker));
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

const walker: Walker = { flowHtml, addInline, addBlock };

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
  // Windows' clipboard format may arrive with its header ("Version:0.9 StartHTML:…") in front.
  const markup = /^Version:\d/.test(html) ? html.slice(Math.max(0, html.indexOf('<'))) : html;
  return cleanClipboardDocument(parseHtml(markup));
}
