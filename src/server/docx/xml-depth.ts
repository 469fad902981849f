/**
 * Whether an XML text nests elements more than `limit` deep, told in one linear pass that reads
 * the markup the way mammoth's parser (@xmldom/xmldom) does: comments, CDATA sections,
 * processing instructions and declarations are skipped, a `>` or `/>` inside a quoted attribute
 * value ends nothing, and an end tag closes the open element only when it names it (the parser
 * ignores one that does not). Where this reading and the parser's could differ (markup the
 * parser warns about, which mammoth refuses anyway), it errs towards counting deeper. None of the
 * XML streaming parsers is a dependency of the server; the parser's own walk builds the whole
 * tree, which is what a part nested thousands deep must not reach.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  const find = finder(text);
  const open: string[] = [];
  let at = text.indexOf('<');
  while (at !== -1) {
    let resume: number;
    if (text.startsWith('<!--', at)) resume = skipPast(find('-->', at + 4), 3, at + 4);
    else if (text.startsWith('<![CDATA[', at)) resume = skipPast(find(']]>', at + 9), 3, at + 9);
    else if (text.startsWith('<?', at)) resume = skipPast(find('?>', at + 1), 2, at + 2);
    else if (text.startsWith('<!', at)) {
      // A DOCTYPE or other declaration: the parser reads one to its first `>` or `<` outside
      // quotes; stopping at the first of either, quoted or not, never hides an element from us.
      const gt = find('>', at + 2);
      const lt = find('<', at + 2);
      if (lt !== -1 && (gt === -1 || lt < gt)) resume = lt;
      else resume = gt === -1 ? -1 : gt + 1;
    } else if (text.charCodeAt(at + 1) === slash) {
      const after = closes(text, at, open[open.length - 1]);
      if (after === null) resume = at + 2;
      else {
        open.pop();
        resume = after;
      }
    } else {
      const tag = startTag(text, at, find);
      if (!tag.selfClosing) {
        open.push(tag.name);
        if (open.length > limit) return true;
      }
      resume = tag.end;
    }
    if (resume === -1) break;
    at = text.indexOf('<', resume);
  }
  return false;
}

const slash = 47;
const greaterThan = 62;
const lessThan = 60;

/** The position after a terminator found at `found`, or (unterminated) just after the opener. */
function skipPast(found: number, length: number, afterOpener: number): number {
  return found === -1 ? afterOpener : found + length;
}

/**
 * indexOf that remembers its last answer per needle: asked again from a position between its
 * last start and its last answer, it gives that answer without searching. Each needle's searches
 * then cover the text once in all, whatever repeats of an opener without its terminator hold.
 */
function finder(text: string): (needle: string, from: number) => number {
  const last = new Map<string, { from: number; found: number }>();
  return (needle, from) => {
    const known = last.get(needle);
    if (known && from >= known.from && (known.found === -1 || from <= known.found)) return known.found;
    const found = text.indexOf(needle, from);
    last.set(needle, { from, found });
    return found;
  };
}

/** After `</name` and optional whitespace, the `>`: where the end tag closes `name`, else null. */
function closes(text: string, at: number, name: string | undefined): number | null {
  if (name === undefined || !text.startsWith(name, at + 2)) return null;
  let index = at + 2 + name.length;
  while (isSpace(text.charCodeAt(index))) index += 1;
  return text.charCodeAt(index) === greaterThan ? index + 1 : null;
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** Ends a tag name, as the parser reads it: any control or space character, `/` or `>` (or `<`, refused in one). */
const endsName = (code: number) =>
  code <= 32 || code === 0x80 || code === slash || code === greaterThan || code === lessThan;

/**
 * A start tag from its `<`: its name, whether it closes itself (`/` just before its `>`, outside
 * quotes) and where it ends. A `<` outside quotes, or a quote never closed, ends it there as an
 * open element: the parser refuses such a tag, and counting it open never counts too shallow.
 */
function startTag(
  text: string,
  at: number,
  find: (needle: string, from: number) => number,
): { name: string; selfClosing: boolean; end: number } {
  let index = at + 1;
  while (index < text.length && !endsName(text.charCodeAt(index))) index += 1;
  const name = text.slice(at + 1, index);
  const special = /["'<>]/g;
  special.lastIndex = index;
  for (let match = special.exec(text); match !== null; match = special.exec(text)) {
    const found = match.index;
    const char = match[0];
    if (char === '>') {
      return { name, selfClosing: text.charCodeAt(found - 1) === slash, end: found + 1 };
    }
    if (char === '<') return { name, selfClosing: false, end: found };
    const quoteEnd = find(char, found + 1);
    if (quoteEnd === -1) return { name, selfClosing: false, end: at + 1 };
    special.lastIndex = quoteEnd + 1;
  }
  return { name, selfClosing: false, end: -1 };
}
