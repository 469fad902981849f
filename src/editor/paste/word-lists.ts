import { type ListMarker, markerValue, numberTypeOf, parseListMarker } from './list-marker';
import type { WordListFormats } from './style-sheets';

export type WordListParagraph = { listId: string; level: number };

/** The list and level of a Word list paragraph (`mso-list:l0 level2 lfo1`), or null. */
export function wordListParagraph(style: string | null): WordListParagraph | null {
  if (!style?.includes('mso-list')) return null;
  const match = /mso-list:\s*(l\d+)\s+level(\d+)/i.exec(style);
  if (!match) return null;
  return { listId: (match[1] as string).toLowerCase(), level: Number(match[2]) };
}

const ELEMENT = 1;
const COMMENT = 8;

function isSupportListsStart(node: Node): boolean {
  return node.nodeType === COMMENT && /^\s*\[if !supportLists\]/i.test(node.nodeValue ?? '');
}

function isEndIf(node: Node): boolean {
  return node.nodeType === COMMENT && /^\s*\[endif\]/i.test(node.nodeValue ?? '');
}

function findMarkerStart(node: Node, depth: number): Node | null {
  if (depth > 12) return null;
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (isSupportListsStart(child)) return child;
    if (child.nodeType === ELEMENT) {
      const found = findMarkerStart(child, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

function findIgnoredSpan(node: Node, depth: number): Element | null {
  if (depth > 12) return null;
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT) continue;
    const element = child as Element;
    if (/mso-list:\s*ignore/i.test(element.getAttribute('style') ?? '')) return element;
    const found = findIgnoredSpan(element, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Takes the marker Word typed before a list paragraph's text (the glyph between
 * `<![if !supportLists]>` and `<![endif]>`, or its `mso-list:Ignore` span) out of the paragraph,
 * and returns its text.
 */
export function takeWordMarker(paragraph: Element): string {
  const start = findMarkerStart(paragraph, 0);
  if (start) {
    let text = '';
    let node = start.nextSibling;
    start.parentNode?.removeChild(start);
    while (node && !isEndIf(node)) {
      const next: ChildNode | null = node.nextSibling;
      text += node.textContent ?? '';
      node.parentNode?.removeChild(node);
      node = next;
    }
    node?.parentNode?.removeChild(node);
    return text;
  }
  const ignored = findIgnoredSpan(paragraph, 0);
  if (!ignored) return '';
  const text = ignored.textContent ?? '';
  ignored.parentNode?.removeChild(ignored);
  return text;
}

/** The list item a Word list paragraph stands for, from its marker and the list definitions. */
export function wordItemMarker(
  paragraph: WordListParagraph,
  markerText: string,
  formats: WordListFormats,
): ListMarker {
  const marker = parseListMarker(markerText);
  const defined = formats.get(`${paragraph.listId}:${paragraph.level}`);
  const definedType = defined ? numberTypeOf(defined) : null;
  if (definedType === 'bullet') return { kind: 'bullet' };
  if (definedType) {
    return {
      kind: 'ordered',
      type: definedType,
      value: markerValue(markerText, definedType),
      legal: marker?.kind === 'ordered' && marker.legal,
    };
  }
  return marker ?? { kind: 'bullet' };
}
