import { alignmentOf } from './inline-style';

/** Node types by number: a server-side DOM has no global Node to name them by. */
export const ELEMENT = 1;
export const TEXT = 3;

/** Elements whose content is never text a reader saw. */
export const dropped = new Set([
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
export const flowBlocks = new Set([
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

export const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export const otherBlocks = new Set([
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

export const tagOf = (element: Element) => element.tagName.toLowerCase();

/** The text under a node, without recursion: below the depth followed, nesting can be anything. */
export function flatText(node: Node): string {
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

export function isBlock(tag: string): boolean {
  return flowBlocks.has(tag) || headings.has(tag) || otherBlocks.has(tag);
}

/** An inline element holding blocks (Google Docs' `<b>` around the whole paste) is a container. */
export function holdsBlocks(element: Element, depth: number): boolean {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    const tag = tagOf(child);
    if (isBlock(tag)) return true;
    if (depth < 3 && !dropped.has(tag) && holdsBlocks(child, depth + 1)) return true;
  }
  return false;
}

export function isHidden(style: Map<string, string>): boolean {
  return style.get('display') === 'none';
}

/** Indent steps (0.5 in each) of a paragraph Word or LibreOffice indented; web pages' pixels are layout. */
export function indentOf(style: Map<string, string>): number {
  const margin = /^(-?[\d.]+)(pt|in|cm)$/.exec(style.get('margin-left') ?? '');
  if (!margin) return 0;
  const points = Number(margin[1]) * (margin[2] === 'in' ? 72 : margin[2] === 'cm' ? 28.35 : 1);
  return Math.max(0, Math.min(8, Math.round(points / 36)));
}

export function blockAttributes(element: Element, style: Map<string, string>, withIndent: boolean): string {
  const align = alignmentOf(style, element.getAttribute('align'));
  const indent = withIndent ? indentOf(style) : 0;
  return `${align ? ` style="text-align: ${align}"` : ''}${indent > 0 ? ` data-indent="${indent}"` : ''}`;
}

export function isPageBreak(style: Map<string, string>): boolean {
  return style.get('page-break-before') === 'always' || style.get('break-before') === 'page';
}
