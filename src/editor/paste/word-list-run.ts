import { ELEMENT, headings, indentOf, isBlock, TEXT, tagOf } from './html-elements';
import type { HtmlWriter } from './html-writer';
import { styleDeclarations } from './inline-style';
import { type LevelledItem, renderLevelledItems } from './levelled-list';
import type { Context, Walker } from './paste-context';
import { takeWordMarker, wordItemMarker, wordListParagraph } from './word-lists';

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
export function addWordList(
  first: Element,
  writer: HtmlWriter,
  context: Context,
  walker: Walker,
): Node | null {
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
            for (const part of [element, ...itemExtras]) itemWriter.block(walker.flowHtml(part, itemContext));
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
