import { PDF, type PDFPage } from '@libpdf/core';
import { type FieldType, fieldKinds } from '../../shared/fields';
import { formatCount, textTagLimits } from '../../shared/limits';
import type { PageBox } from '../../shared/page-box';
import { megabytes } from '../../shared/pdf-file';
import { displayedBox, visibleBox } from '../pdf/page-geometry';
import { TaskRefusal } from '../workers/task-refusal';
import { type CharacterBox, extractCharacters, pageContent, pageFonts } from './page-characters';
import type { FoundField } from './pdf-form-fields';

/**
 * The text tags understood (README, "Contracts from PDFs"): `{{kind:signer}}`, as systems that
 * generate PDFs write them, e.g. `{{signature:1}}` or `{{date:2}}`.
 */
export const textTagPattern =
  /\{\{\s*(signature|initials|name|email|company|title|date|text|checkbox)\s*:\s*(\d{1,2})\s*\}\}/i;

const typeOfKind: Record<string, FieldType> = {
  signature: 'signature',
  initials: 'initials',
  name: 'name',
  email: 'email',
  company: 'company',
  title: 'title',
  date: 'dateSigned',
  text: 'text',
  checkbox: 'checkbox',
};

/** A tag's line, for a field that takes the tag's own width (`leastAtTag` of the catalogue). */
const lineSize = { width: 0, height: 14 };

/** A field found at a text tag, for its signer (by signing order). */
export type TaggedField = FoundField & { signer: number; tagBox: PageBox };

/** A tag found in a page's text: what it asks for, and which of the page's characters it is. */
type TagMatch = { type: FieldType; signer: number; first: number; last: number };

/**
 * The fields a stored PDF's text tags ask for, in page order: each where its tag is written (at
 * least as large as its type needs), for the signer the tag names. Runs in the upload thread, in
 * a job after the upload, and is bounded (`textTagLimits`): each page's text is read once without
 * being laid out, in time growing with its content, and only where it holds a tag are the tags'
 * own characters measured. A file over a limit is refused (a TaskRefusal saying which), since a
 * file's tags read only in part would place some of its fields and silently not others.
 */
export async function findTextTags(bytes: Uint8Array, limit: number): Promise<TaggedField[]> {
  const pdf = await PDF.load(bytes);
  const budget = tagBudget();
  const found: TaggedField[] = [];
  for (const page of pdf.getPages()) {
    if (found.length >= limit) break;
    budget.checkTime();
    const content = pageContent(page);
    budget.content(page.index, content.byteLength);
    const fonts = pageFonts(page);
    const chars = readText(content, fonts, page.index, budget);
    const matches = tagsIn(chars, limit - found.length);
    if (matches.length === 0) continue;
    const boxes = measureTags(content, fonts, chars, matches, page.index, budget);
    const crop = visibleBox(page);
    for (const [index, match] of matches.entries()) {
      const measured = boxes[index];
      if (measured) found.push(fieldAt(match, measured, page, crop));
    }
  }
  return found;
}

/** The page's characters in the content's order, none of them measured. */
function readText(content: Uint8Array, fonts: ReturnType<typeof pageFonts>, page: number, budget: TagBudget) {
  const chars: string[] = [];
  extractCharacters(content, fonts, (char) => {
    chars.push(char);
    budget.character(page, chars.length);
    return false;
  });
  return chars;
}

/** The tags written in a page's characters, up to `most`, in the content's order. */
function tagsIn(chars: string[], most: number): TagMatch[] {
  const text = chars.join('');
  if (!text.includes('{{')) return [];
  // Where each character starts in the text (a ligature is one character of two letters).
  const starts = new Int32Array(chars.length);
  let offset = 0;
  for (const [index, char] of chars.entries()) {
    starts[index] = offset;
    offset += char.length;
  }
  const charAt = (position: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const matches: TagMatch[] = [];
  for (const match of text.matchAll(new RegExp(textTagPattern.source, 'gi'))) {
    const [written, kind = '', signer = '0'] = match;
    const type = typeOfKind[kind.toLowerCase()];
    const number = Number(signer);
    if (!type || number < 1) continue;
    matches.push({
      type,
      signer: number,
      first: charAt(match.index),
      last: charAt(match.index + written.length - 1),
    });
    if (matches.length >= most) break;
  }
  return matches;
}

/**
 * Each tag's box on the page: the union of its characters' boxes, as @libpdf/core measures them.
 * Where the content sets word spacing (`Tw`, `"`), a space moves the characters after it, so the
 * spaces before a tag are measured with it; otherwise only the tags' characters are, a few dozen
 * tags at a time.
 */
function measureTags(
  content: Uint8Array,
  fonts: ReturnType<typeof pageFonts>,
  chars: string[],
  matches: TagMatch[],
  page: number,
  budget: TagBudget,
): (CharacterBox | undefined)[] {
  const spacing = wordSpacingIn(content);
  const boxes: (CharacterBox | undefined)[] = [];
  let from = 0;
  while (from < matches.length) {
    budget.checkTime();
    // One pass measures tags until it holds enough characters (every tag, if spaces are measured).
    let to = from;
    let size = 0;
    while (to < matches.length && (spacing || to === from || size < measuredPerPass)) {
      const match = matches[to] as TagMatch;
      size += match.last - match.first + 1;
      to += 1;
    }
    const owners = new Int32Array(chars.length).fill(-1);
    for (let index = from; index < to; index += 1) {
      const match = matches[index] as TagMatch;
      owners.fill(index, match.first, match.last + 1);
    }
    const lastChar = (matches[to - 1] as TagMatch).last;
    const picked: number[] = [];
    let position = -1;
    const measured = extractCharacters(content, fonts, (char) => {
      position += 1;
      const owner = owners[position] ?? -1;
      const space = spacing && position < lastChar && (char === ' ' || char === ' ');
      if (owner < 0 && !space) return false;
      picked.push(owner);
      budget.measure(page, picked.length);
      return true;
    });
    for (const [order, box] of measured.entries()) {
      const owner = picked[order] ?? -1;
      if (owner < 0 || !box) continue;
      boxes[owner] = unionOf(boxes[owner], box);
    }
    from = to;
  }
  return boxes;
}

/** Tags' characters measured in one pass when spaces are not: few enough to lay out at once. */
const measuredPerPass = 2_000;

/** Whether the content may set word spacing (a false alarm only costs measuring its spaces). */
function wordSpacingIn(content: Uint8Array): boolean {
  const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('latin1');
  return /Tw\b|"/.test(text);
}

const unionOf = (box: CharacterBox | undefined, more: CharacterBox): CharacterBox => {
  if (!box) return { ...more };
  const x = Math.min(box.x, more.x);
  const y = Math.min(box.y, more.y);
  const right = Math.max(box.x + box.width, more.x + more.width);
  const top = Math.max(box.y + box.height, more.y + more.height);
  return { x, y, width: right - x, height: top - y };
};

/** The field a tag asks for, where it is written on the page. */
function fieldAt(match: TagMatch, measured: CharacterBox, page: PDFPage, crop: PageBox): TaggedField {
  const { type } = match;
  const least = fieldKinds[type].leastAtTag ?? lineSize;
  const { x, y, width, height } = measured;
  // A signature or initials sits on the tag's line and grows up from it; text grows down from
  // the tag's top, as a field drawn there would.
  const grown = { width: Math.max(width, least.width), height: Math.max(height, least.height) };
  const upward = type === 'signature' || type === 'initials';
  const rect = upward
    ? ([x, y, x + grown.width, y + grown.height] as const)
    : ([x, y + height - grown.height, x + grown.width, y + height] as const);
  const box = displayedBox(rect, crop, page.rotation);
  const tagBox = displayedBox([x, y, x + width, y + height], crop, page.rotation);
  return {
    ...box,
    page: page.index,
    type,
    signer: match.signer,
    label: '',
    required: true,
    value: null,
    options: {},
    tagBox,
  };
}

type TagBudget = ReturnType<typeof tagBudget>;

/** The tag reader's limits on one file, each refusing the file's tags once passed. */
function tagBudget() {
  const limits = textTagLimits;
  const deadline = Date.now() + limits.timeMs;
  let contentBytes = 0;
  let characters = 0;
  let measured = 0;
  const refuse = (why: string): never => {
    throw new TaskRefusal(`The text tags of this PDF were not read: ${why}`);
  };
  const budget = {
    checkTime() {
      if (Date.now() > deadline) refuse(`reading them took longer than ${limits.timeMs / 1000} s.`);
    },
    content(page: number, bytes: number) {
      contentBytes += bytes;
      if (bytes > limits.contentBytesPerPage)
        refuse(`page ${page + 1} has more than ${megabytes(limits.contentBytesPerPage)} of content.`);
      if (contentBytes > limits.contentBytesPerFile)
        refuse(`its pages have more than ${megabytes(limits.contentBytesPerFile)} of content.`);
    },
    character(page: number, onPage: number) {
      characters += 1;
      if (onPage > limits.charactersPerPage)
        refuse(`page ${page + 1} has more than ${formatCount(limits.charactersPerPage)} characters of text.`);
      if (characters > limits.charactersPerFile)
        refuse(`it has more than ${formatCount(limits.charactersPerFile)} characters of text.`);
      if (characters % 4096 === 0) budget.checkTime();
    },
    measure(page: number, inPass: number) {
      measured += 1;
      if (inPass > limits.measuredAtOnce)
        refuse(
          `page ${page + 1} has more than ${formatCount(limits.measuredAtOnce)} characters of tags to measure.`,
        );
      if (measured > limits.measuredPerFile)
        refuse(`it has more than ${formatCount(limits.measuredPerFile)} characters of tags to measure.`);
    },
  };
  return budget;
}
