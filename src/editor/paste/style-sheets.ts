import { pasteLimits } from './paste-limits';

/** Word's list definitions (`@list l0:level1 {mso-level-number-format:…}`), by "l0:1". */
export type WordListFormats = Map<string, string>;

/**
 * What class rules say of the properties a paste keeps (Word's "Center Text Bold" style), by
 * "tag.class" (".class" for a rule on any element).
 */
export type ClassStyles = Map<string, string>;

const keptProperties = /^(font-weight|font-style|text-decoration|text-decoration-line|text-align)$/i;

export type StyleSheets = { listFormats: WordListFormats; classStyles: ClassStyles };

/**
 * The style sheets where clipboards put them: in the head, or at the top of the body. Not a
 * search of the whole tree, which costs as deep as the paste is deep.
 */
function styleElements(document: Document): Element[] {
  const found: Element[] = [];
  for (const parent of [document.head, document.body]) {
    for (let child = parent?.firstElementChild; child; child = child.nextElementSibling) {
      if (child.tagName.toLowerCase() === 'style') found.push(child);
    }
  }
  return found;
}

/**
 * Reads the clipboard's style sheets for what inline styles do not say: Word's list number
 * formats, and class rules that make a paragraph style bold, italic, underlined or centred.
 * Bounded: at most pasteLimits.styleCharacters are read.
 */
export function readStyleSheets(document: Document): StyleSheets {
  const listFormats: WordListFormats = new Map();
  const classStyles: ClassStyles = new Map();
  let budget: number = pasteLimits.styleCharacters;
  for (const style of styleElements(document)) {
    if (budget <= 0) break;
    const css = (style.textContent ?? '').slice(0, budget);
    budget -= css.length;
    for (const rule of css.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
      const selectors = (rule[1] as string).replace(/\/\*[\s\S]*?\*\/|<!--|-->/g, '').trim();
      const body = rule[2] as string;
      const list = /^@list\s+(l\d+):level(\d+)$/i.exec(selectors);
      if (list) {
        const format = /mso-level-number-format:\s*([a-z-]+)/i.exec(body);
        // Word leaves the format out for decimal numbers.
        listFormats.set(
          `${list[1]}:${list[2]}`.toLowerCase(),
          format ? (format[1] as string).toLowerCase() : 'decimal',
        );
        continue;
      }
      const declarations = body
        .split(';')
        .filter((declaration) => keptProperties.test(declaration.split(':')[0]?.trim() ?? ''))
        .join(';');
      if (!declarations) continue;
      for (const selector of selectors.split(',')) {
        const match = /^([a-z0-9]*)\.([a-z0-9_-]+)$/i.exec(selector.trim());
        if (match) {
          const name = `${match[1]}.${match[2]}`.toLowerCase();
          classStyles.set(name, `${classStyles.get(name) ?? ''};${declarations}`);
        }
      }
    }
  }
  return { listFormats, classStyles };
}
