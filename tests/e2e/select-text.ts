import type { Page } from '@playwright/test';

/** Selects a phrase of the contract's text (across highlights) as a person dragging over it would. */
export async function selectText(page: Page, phrase: string) {
  await page.evaluate((wanted) => {
    const root = document.querySelector('[aria-label="Contract content"]');
    if (!root) throw new Error('No editor');
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: { node: Node; start: number }[] = [];
    let text = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push({ node, start: text.length });
      text += node.textContent ?? '';
    }
    const at = text.indexOf(wanted);
    if (at < 0) throw new Error(`"${wanted}" is not in the contract`);
    const place = (offset: number, end: boolean) => {
      const found = nodes.findLast((entry) => (end ? entry.start < offset : entry.start <= offset));
      if (!found) throw new Error('No text node');
      return [found.node, offset - found.start] as const;
    };
    const [startNode, startOffset] = place(at, false);
    const [endNode, endOffset] = place(at + wanted.length, true);
    window.getSelection()?.setBaseAndExtent(startNode, startOffset, endNode, endOffset);
  }, phrase);
}
