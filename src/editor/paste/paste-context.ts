import { safeLinkHref } from '../link-href';
import { tagOf } from './html-elements';
import type { HtmlWriter } from './html-writer';
import { marksFromStyle, styleDeclarations, type TextMarks } from './inline-style';
import type { StyleSheets } from './style-sheets';

export type Context = {
  marks: TextMarks;
  depth: number;
  listDepth: number;
  sheets: StyleSheets;
  /** Headings and table headers are bold already: their own weight is not a mark. */
  inHeading: boolean;
};

/** An element's style: what its classes' rules say, overridden by its own style attribute. */
export function styleOf(element: Element, context: Context): Map<string, string> {
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

/** The marks inside an element, from its tag and its style. */
export function marksInside(
  element: Element,
  tag: string,
  style: Map<string, string>,
  context: Context,
): TextMarks {
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

/** The clean-up's own walk, handed to the parts that recurse into it (lists, tables, Word runs). */
export type Walker = {
  flowHtml: (element: Element, context: Context, skipLists?: boolean) => string;
  addInline: (node: Node, writer: HtmlWriter, context: Context) => void;
  addBlock: (element: Element, tag: string, writer: HtmlWriter, context: Context) => void;
};
