import { deflateSync } from 'node:zlib';
import { PDF, PdfArray, type PdfDict, PdfName, PdfRef, PdfStream } from '@libpdf/core';
import { textTagLimits } from '../../shared/limits';
import type { PageBox } from '../../shared/page-box';
import { textTagPattern } from '../uploads/text-tags';
import { contentOperations, type Operand, type Operation } from './content-operations';
import { displayedBox, visibleBox } from './page-geometry';
import { type CodeReader, codeReaderOf, fontNamed, type ShownCode } from './text-codes';

/** A text tag a field was placed at: its page of the PDF and its box (contract_fields.tag_box). */
export type TagOnPage = { page: number; box: PageBox };

type Matrix = [number, number, number, number, number, number];
const identity: Matrix = [1, 0, 0, 1, 0, 0];
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const numbers = (operands: Operand[]) =>
  operands.map((operand) => (typeof operand === 'number' ? operand : 0));

/** A string shown (Tj, TJ, ', "): its strings and numbers, its codes, and where its line starts. */
type Shown = {
  operation: number;
  items: (Uint8Array | number)[];
  codes: (ShownCode & { item: number })[];
  lineStart: { x: number; y: number };
  renderMode: number;
};

/**
 * The PDF with the glyphs of its text tags taken out of the pages' content, so that what a
 * signer reads has no tag and the seal has nothing to paint over: a tag's characters are removed
 * where nothing on their line is placed after them (the next text is positioned anew), and set in
 * invisible text (render mode 3, so nothing around them moves) where something is. Only text that
 * reads as a tag (`{{kind:n}}`) on a line a field's tag box covers is touched; a tag written in a
 * form XObject, across text objects, or in a font whose codes cannot be read stays as it is, and
 * shows under its field. A PDF without such tags is returned as it is.
 */
export async function withoutTagText(bytes: Uint8Array, tags: readonly TagOnPage[]): Promise<Uint8Array> {
  if (tags.length === 0) return bytes;
  const pdf = await PDF.load(bytes);
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  const pages = pdf.getPages();
  let changed = false;
  const byPage = new Map<number, PageBox[]>();
  for (const tag of tags) byPage.set(tag.page, [...(byPage.get(tag.page) ?? []), tag.box]);
  for (const [index, boxes] of byPage) {
    const page = pages[index];
    if (!page) continue;
    const content = contentOf(page.dict, resolve);
    if (!content) continue;
    const crop = visibleBox(page);
    const shown = (x: number, y: number) => displayedBox([x, y, x, y], crop, page.rotation);
    const rewritten = rewriteTags(content, page.getResources(), resolve, shown, boxes);
    if (!rewritten) continue;
    const stream = PdfStream.fromDict({ Filter: PdfName.of('FlateDecode') }, deflateSync(rewritten));
    page.dict.set('Contents', pdf.register(stream));
    changed = true;
  }
  return changed ? pdf.save() : bytes;
}

/** A page's content, its streams joined (null when it has none, or one cannot be read). */
function contentOf(page: PdfDict, resolve: (ref: PdfRef) => unknown): Uint8Array | null {
  const contents = page.get('Contents', resolve as never);
  const streams: PdfStream[] = [];
  if (contents instanceof PdfStream) streams.push(contents);
  else if (contents instanceof PdfArray) {
    for (let index = 0; index < contents.length; index++) {
      const item = contents.at(index);
      const stream = item instanceof PdfRef ? resolve(item) : item;
      if (stream instanceof PdfStream) streams.push(stream);
    }
  }
  if (streams.length === 0) return null;
  try {
    return Buffer.concat(streams.flatMap((stream) => [stream.getDecodedData(), Buffer.from('\n')]));
  } catch {
    return null;
  }
}

/** The content with the tags' glyphs taken out, or null when no tag was found in it. */
function rewriteTags(
  content: Uint8Array,
  resources: PdfDict,
  resolve: (ref: PdfRef) => unknown,
  shown: (x: number, y: number) => { x: number; y: number },
  boxes: readonly PageBox[],
): Uint8Array | null {
  const operations = contentOperations(content);
  const readers = new Map<string, CodeReader>();
  const readerOf = (name: string) => {
    let reader = readers.get(name);
    if (!reader) {
      reader = codeReaderOf(fontNamed(resources, name, resolve as never), resolve as never);
      readers.set(name, reader);
    }
    return reader;
  };
  type State = { ctm: Matrix; renderMode: number; reader: CodeReader; leading: number };
  let state: State = { ctm: identity, renderMode: 0, reader: readerOf(''), leading: 0 };
  const saved: State[] = [];
  let line: Matrix = identity;
  let block: Shown[] = [];
  const hidden: Shown[] = [];
  const nextLine = (tx: number, ty: number) => {
    line = times([1, 0, 0, 1, tx, ty], line);
  };
  // The page's text is read as far as the tag reader reads it at upload: past that, a page that
  // is no document's (a font mapping one code to a long text, shown thousands of times, ran the PDF
  // thread out of heap) keeps its tags, as a page whose tags were never placed does.
  let characters = 0;
  let overLimit = false;
  const show = (operation: number, items: Operand[]) => {
    if (overLimit) return;
    const kept: (Uint8Array | number)[] = items.flatMap((item) =>
      item instanceof Uint8Array || typeof item === 'number' ? [item] : [],
    );
    const codes = kept.flatMap((item, index) =>
      item instanceof Uint8Array ? state.reader(item).map((code) => ({ ...code, item: index })) : [],
    );
    for (const code of codes) characters += code.text.length;
    if (characters > textTagLimits.charactersPerPage) {
      overLimit = true;
      block = [];
      return;
    }
    const origin = times(line, state.ctm);
    block.push({
      operation,
      items: kept,
      codes,
      lineStart: shown(origin[4], origin[5]),
      renderMode: state.renderMode,
    });
  };
  const endBlock = () => {
    if (!overLimit) hidden.push(...tagsIn(block, boxes));
    block = [];
  };

  operations.forEach(({ operator, operands }, index) => {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = numbers(operands);
    switch (operator) {
      case 'q':
        saved.push({ ...state });
        break;
      case 'Q':
        state = saved.pop() ?? state;
        break;
      case 'cm':
        state.ctm = times([a, b, c, d, e, f], state.ctm);
        break;
      case 'BT':
        line = identity;
        block = [];
        break;
      case 'ET':
        endBlock();
        break;
      case 'Tf':
        state.reader = readerOf(typeof operands[0] === 'string' ? operands[0] : '');
        break;
      case 'Tr':
        state.renderMode = a;
        break;
      case 'TL':
        state.leading = a;
        break;
      case 'Td':
        nextLine(a, b);
        break;
      case 'TD':
        state.leading = -b;
        nextLine(a, b);
        break;
      case 'Tm':
        line = [a, b, c, d, e, f];
        break;
      case 'T*':
        nextLine(0, -state.leading);
        break;
      case "'":
        nextLine(0, -state.leading);
        show(index, operands.slice(-1));
        break;
      case '"':
        nextLine(0, -state.leading);
        show(index, operands.slice(-1));
        break;
      case 'Tj':
        show(index, operands.slice(-1));
        break;
      case 'TJ':
        show(index, Array.isArray(operands[0]) ? operands[0] : []);
        break;
    }
  });
  endBlock();
  if (overLimit || hidden.length === 0) return null;

  const parts: Uint8Array[] = [];
  let at = 0;
  for (const item of hidden.sort((one, other) => one.operation - other.operation)) {
    const operation = operations[item.operation];
    if (!operation) continue;
    parts.push(content.subarray(at, operation.start));
    parts.push(Buffer.from(replacement(item, operation, operations), 'latin1'));
    at = operation.end;
  }
  parts.push(content.subarray(at));
  return Buffer.concat(parts);
}

/** The strings shown in one text object that spell a tag on a line one of the boxes covers, their tag's codes marked. */
function tagsIn(block: Shown[], boxes: readonly PageBox[]): Shown[] {
  // Who showed each UTF-16 unit of the text object's text, so a match's units lead to its codes.
  const owner: { shown: Shown; code: number }[] = [];
  let joined = '';
  for (const shown of block) {
    shown.codes.forEach((code, index) => {
      joined += code.text;
      for (let unit = 0; unit < code.text.length; unit++) owner.push({ shown, code: index });
    });
  }
  const marked = new Map<Shown, Set<number>>();
  for (const match of joined.matchAll(new RegExp(textTagPattern.source, 'gi'))) {
    const first = match.index;
    const last = first + match[0].length - 1;
    const start = owner[first]?.shown.lineStart;
    if (!start || !boxes.some((box) => onLineOf(start, box))) continue;
    for (let index = first; index <= last; index++) {
      const at = owner[index];
      if (!at) continue;
      const codes = marked.get(at.shown) ?? new Set<number>();
      codes.add(at.code);
      marked.set(at.shown, codes);
    }
  }
  return [...marked].map(([shown, codes]) => ({
    ...shown,
    codes: shown.codes.map((code, index) => ({ ...code, hidden: codes.has(index) })),
  }));
}

/** Whether a line starting here (fractions of the page as it shows) is the line a tag's box is on. */
function onLineOf(start: { x: number; y: number }, box: PageBox): boolean {
  const slack = Math.max(box.height, 0.005);
  return start.y >= box.y - slack && start.y <= box.y + box.height + slack && start.x <= box.x + slack;
}

const hex = (bytes: Uint8Array) => `<${Buffer.from(bytes).toString('hex')}>`;

/**
 * What an operation showing a tag becomes: its other characters shown as they were, the tag's
 * left out where the next text is positioned anew, or else shown in invisible text.
 */
function replacement(shown: Shown, operation: Operation, operations: Operation[]): string {
  const codes = shown.codes as (ShownCode & { item: number; hidden?: boolean })[];
  // Runs of the shown items, each hidden or not; numbers (kerning) go with the run they are in.
  const runs: { hidden: boolean; items: string[] }[] = [];
  const add = (hidden: boolean, item: string) => {
    const last = runs.at(-1);
    if (last && last.hidden === hidden) last.items.push(item);
    else runs.push({ hidden, items: [item] });
  };
  const codesOfItem = new Map<number, typeof codes>();
  for (const code of codes) {
    const list = codesOfItem.get(code.item);
    if (list) list.push(code);
    else codesOfItem.set(code.item, [code]);
  }
  shown.items.forEach((item, index) => {
    if (typeof item === 'number') {
      add(runs.at(-1)?.hidden ?? false, String(item));
      return;
    }
    let from = 0;
    let hidden: boolean | undefined;
    for (const code of codesOfItem.get(index) ?? []) {
      if (hidden !== undefined && code.hidden !== hidden) {
        add(hidden, hex(item.subarray(from, code.from)));
        from = code.from;
      }
      hidden = code.hidden === true;
    }
    if (from < item.length) add(hidden ?? false, hex(item.subarray(from)));
  });
  // Nothing after the tag on its line is placed relative to it: its glyphs can go.
  if (runs.at(-1)?.hidden && nextTextIsPositioned(operations, shown.operation)) runs.pop();
  const [wordSpacing = 0, charSpacing = 0] = operation.operands.map((operand) =>
    typeof operand === 'number' ? operand : 0,
  );
  const lead =
    operation.operator === "'"
      ? 'T* '
      : operation.operator === '"'
        ? `${wordSpacing} Tw ${charSpacing} Tc T* `
        : '';
  const body = runs
    .map((run) =>
      run.hidden ? `3 Tr [${run.items.join(' ')}] TJ ${shown.renderMode} Tr` : `[${run.items.join(' ')}] TJ`,
    )
    .join(' ');
  return `${lead}${body}`.trim();
}

/** Whether the text shown after this operation, in its text object, starts from a line of its own. */
function nextTextIsPositioned(operations: Operation[], index: number): boolean {
  for (let next = index + 1; next < operations.length; next++) {
    const operator = operations[next]?.operator;
    if (operator === 'Tj' || operator === 'TJ') return false;
    if (['Td', 'TD', 'Tm', 'T*', "'", '"', 'ET', 'BT'].includes(operator ?? '')) return true;
  }
  return true;
}
