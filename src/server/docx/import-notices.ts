import type { ImportTally } from './docx-to-document';

/** What the package holds that the import leaves out, found in its XML parts. */
export type PackageTally = {
  trackedChanges: number;
  textBoxes: number;
  objects: number;
  equations: number;
  charts: number;
  headersAndFooters: number;
};

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

/** Counts, in the raw XML, what mammoth reads past silently. */
export function tallyPackage(xml: ReadonlyMap<string, string>, documentXml: string): PackageTally {
  let headersAndFooters = 0;
  for (const [name, text] of xml) {
    if (/^word\/(header|footer)\d*\.xml$/.test(name) && /<w:t[\s>]/.test(text)) headersAndFooters += 1;
  }
  // Word writes a text box twice (a DrawingML one and a VML fallback): count the first kind when present.
  const textBoxes = count(documentXml, /<wps:txbx[\s>]/g) || count(documentXml, /<v:textbox[\s>]/g);
  return {
    trackedChanges:
      count(documentXml, /<w:(ins|del|moveFrom|moveTo)[\s>]/g) + count(documentXml, /<w:rPrChange[\s>]/g),
    textBoxes,
    objects: count(documentXml, /<w:object[\s>]/g),
    equations: count(documentXml, /<m:oMath[\s>]/g),
    charts: count(documentXml, /<c:chart[\s>]/g),
    headersAndFooters,
  };
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function listing(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The sentences shown after an import, naming what did not come in as it was:
 * "2 images and 1 comment were not imported."
 */
export function importNotices(tally: ImportTally & PackageTally): string[] {
  const dropped = [
    tally.images && plural(tally.images, 'image', 'images'),
    tally.charts && plural(tally.charts, 'chart', 'charts'),
    tally.objects && plural(tally.objects, 'embedded object', 'embedded objects'),
    tally.equations && plural(tally.equations, 'equation', 'equations'),
    tally.comments && plural(tally.comments, 'comment', 'comments'),
    tally.footnotes && plural(tally.footnotes, 'footnote', 'footnotes'),
    tally.endnotes && plural(tally.endnotes, 'endnote', 'endnotes'),
    tally.headersAndFooters && plural(tally.headersAndFooters, 'header or footer', 'headers and footers'),
  ].filter((part): part is string => Boolean(part));
  const notices: string[] = [];
  if (dropped.length > 0) {
    const total =
      tally.images +
      tally.charts +
      tally.objects +
      tally.equations +
      tally.comments +
      tally.footnotes +
      tally.endnotes +
      tally.headersAndFooters;
    notices.push(`${listing(dropped)} ${total === 1 ? 'was' : 'were'} not imported.`);
  }
  if (tally.trackedChanges > 0) {
    notices.push(`${plural(tally.trackedChanges, 'tracked change was', 'tracked changes were')} accepted.`);
  }
  if (tally.textBoxes > 0) {
    notices.push(
      `The text of ${plural(tally.textBoxes, 'text box was', 'text boxes was')} kept as ordinary paragraphs.`,
    );
  }
  if (tally.unsupportedLinks > 0) {
    notices.push(
      `${plural(tally.unsupportedLinks, 'link', 'links')} to an address other than http, https or mailto kept ${tally.unsupportedLinks === 1 ? 'its' : 'their'} text only.`,
    );
  }
  return notices;
}
