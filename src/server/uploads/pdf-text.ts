import { PDF } from '@libpdf/core';
import { pdfTextLimits } from '../../shared/limits';
import { extractCharacters, pageContent, pageFonts, pageForms, pageLines } from './page-characters';

/**
 * What search keeps of an uploaded PDF's text layer: its text (at most `keptCharacters`), the
 * pages that show an image and no text (scans: nothing on them can be found) and the pages whose
 * text was not kept (past a bound), both counted from 1.
 */
export type PdfText = { text: string; textlessPages: number[]; unreadPages: number[] };

/** Thrown out of the extraction to stop it: the page has shown what was asked of it. */
class Enough extends Error {}

const drawsImage = (content: Uint8Array) =>
  /\b(Do|BI)\b/.test(Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('latin1'));

/**
 * Reads a stored PDF's text for search, once, in the tag thread (uploads/upload-engine.ts), within
 * the decode budget the inspection had. Every page is read in the content's order without being
 * laid out (time growing with its content) to count its characters; a page of a few thousand is
 * then laid out into lines so that words placed apart without a space stay apart. Past the
 * characters kept, a page is only asked whether it has text. Bounded by `pdfTextLimits`: a page or
 * a file over one of them, or the time, keeps what was read and lists the rest as unread.
 */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const limits = pdfTextLimits;
  const pdf = await PDF.load(bytes);
  const deadline = Date.now() + limits.timeMs;
  const late = () => Date.now() > deadline;
  const kept: string[] = [];
  let keptCharacters = 0;
  let contentBytes = 0;
  const textlessPages: number[] = [];
  const unreadPages: number[] = [];
  const pages = pdf.getPages();
  for (const [index, page] of pages.entries()) {
    const number = index + 1;
    if (late()) {
      for (let rest = number; rest <= pages.length; rest += 1) unreadPages.push(rest);
      break;
    }
    const content = pageContent(page);
    // The page's own content, then the forms it draws (whose text the extraction does not enter).
    const sources = [() => ({ content, fonts: pageFonts(page) }), ...pageForms(page, limits.formsPerPage)];
    const room = limits.keptCharacters - keptCharacters;
    const texts: string[] = [];
    let hasText = false;
    let overBound = false;
    let onPage = 0;
    for (const open of sources) {
      const source = open();
      contentBytes += source.content.byteLength;
      if (
        source.content.byteLength > limits.contentBytesPerPage ||
        contentBytes > limits.contentBytesPerFile
      ) {
        overBound = true;
        break;
      }
      const most = room > 0 ? Math.max(0, limits.charactersPerPage - onPage) : 0;
      const read = readPage(source.content, source.fonts, most, late);
      if (!read.hasText) continue;
      hasText = true;
      if (most === 0) break;
      onPage += read.chars.length;
      texts.push(
        read.complete && read.chars.length <= limits.laidOutPerPage
          ? pageLines(source.content, source.fonts).join('\n')
          : read.chars.join(''),
      );
      if (!read.complete) break;
    }
    if (!hasText) {
      // Past a bound, unread; no text and no image: a blank page, with nothing on it to find.
      if (overBound) unreadPages.push(number);
      else if (drawsImage(content)) textlessPages.push(number);
      continue;
    }
    if (room <= 0) {
      unreadPages.push(number);
      continue;
    }
    const piece = texts.join('\n').slice(0, room);
    kept.push(piece);
    keptCharacters += piece.length + 1;
  }
  // \x01-\x03 mark ts_headline's highlights in search results: no stored text may hold them.
  const text = ['\x00', '\x01', '\x02', '\x03'].reduce(
    (joined, mark) => joined.replaceAll(mark, ' '),
    kept.join('\n'),
  );
  return { text, textlessPages, unreadPages };
}

/**
 * A page's characters in the content's order, up to `most` (`complete` when there were no more
 * and the time did not run out), none laid out; with `most` 0 only whether it has text at all.
 */
function readPage(
  content: Uint8Array,
  fonts: ReturnType<typeof pageFonts>,
  most: number,
  late: () => boolean,
): { chars: string[]; hasText: boolean; complete: boolean } {
  const chars: string[] = [];
  let hasText = false;
  let complete = true;
  try {
    extractCharacters(content, fonts, (char) => {
      if (char.trim() !== '') hasText = true;
      if (most === 0) {
        if (hasText) throw new Enough();
        return false;
      }
      chars.push(char);
      if (chars.length >= most || (chars.length % 4096 === 0 && late())) {
        complete = false;
        throw new Enough();
      }
      return false;
    });
  } catch (error) {
    if (!(error instanceof Enough)) throw error;
  }
  return { chars, hasText, complete };
}
