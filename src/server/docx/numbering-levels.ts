import { createRequire } from 'node:module';

/**
 * What Word says about one level of a numbered list, beyond mammoth's "ordered or not": the
 * number format (decimal, lowerLetter…), the level text ("%1.%2.") and the first number.
 */
export type NumberingFacts = {
  numId: string | null;
  abstractNumId: string;
  numFmt: string;
  lvlText: string;
  start: number;
  /** Some level of the same list shows its parents' numbers (multi-level "%1.%2.") or is marked w:isLgl. */
  legal: boolean;
};

/** A list level as mammoth finds it, with our facts added. */
export type NumberingLevel = { isOrdered: boolean; level: string } & Partial<NumberingFacts>;

type XmlElement = {
  attributes: Record<string, string | undefined>;
  getElementsByTagName(name: string): XmlElement[];
  first(name: string): XmlElement | undefined;
  firstOrEmpty(name: string): XmlElement;
};
type Numbering = {
  findLevel(numId: string, level: string): NumberingLevel | null;
  findLevelByParagraphStyleId(styleId: string): NumberingLevel | null;
};
type Styles = { findNumberingStyleById(id: string): { numId: string } | null };

type AbstractLevel = { numFmt: string; lvlText: string; start: number; paragraphStyleId?: string };
type AbstractNum = { levels: Map<string, AbstractLevel>; styleLink?: string; legal: boolean };
type Num = { abstractNumId: string; startOverrides: Map<string, number> };

const require = createRequire(import.meta.url);
const numberingXml = require('mammoth/lib/docx/numbering-xml.js') as {
  readNumberingXml: (root: XmlElement, options: { styles: Styles }) => Numbering;
  __pactumFacts?: true;
};

/**
 * Mammoth reads numbering.xml only for "ordered or bulleted". Its docx reader calls
 * `readNumberingXml` through the module object, so wrapping that one function gives every list
 * level mammoth returns the format, level text and start read here from the same XML element
 * tree; the rest of mammoth is untouched.
 */
export function extendMammothNumbering(): void {
  if (numberingXml.__pactumFacts) return;
  const original = numberingXml.readNumberingXml;
  numberingXml.readNumberingXml = (root, options) => {
    const numbering = original(root, options);
    const abstractNums = readAbstractNums(root);
    const nums = readNums(root);
    const factsOf = (numId: string, level: string, seen = new Set<string>()): NumberingFacts | null => {
      if (seen.has(numId)) return null;
      seen.add(numId);
      const num = nums.get(numId);
      const abstract = num ? abstractNums.get(num.abstractNumId) : undefined;
      if (!num || !abstract) return null;
      if (abstract.styleLink) {
        const linked = options.styles.findNumberingStyleById(abstract.styleLink);
        const facts = linked ? factsOf(linked.numId, level, seen) : null;
        return facts && { ...facts, numId };
      }
      const found = abstract.levels.get(level);
      if (!found) return null;
      return {
        numId,
        abstractNumId: num.abstractNumId,
        numFmt: found.numFmt,
        lvlText: found.lvlText,
        start: num.startOverrides.get(level) ?? found.start,
        legal: abstract.legal,
      };
    };
    return {
      findLevel(numId, level) {
        const found = numbering.findLevel(numId, level);
        return found && { ...found, ...factsOf(numId, level) };
      },
      findLevelByParagraphStyleId(styleId) {
        const found = numbering.findLevelByParagraphStyleId(styleId);
        if (!found) return null;
        for (const [abstractNumId, abstract] of abstractNums) {
          const level = abstract.levels.get(found.level);
          if (level?.paragraphStyleId === styleId) {
            return { ...found, numId: null, abstractNumId, ...level, legal: abstract.legal };
          }
        }
        return found;
      },
    };
  };
  numberingXml.__pactumFacts = true;
}

function readAbstractNums(root: XmlElement): Map<string, AbstractNum> {
  const abstractNums = new Map<string, AbstractNum>();
  for (const element of root.getElementsByTagName('w:abstractNum')) {
    const id = element.attributes['w:abstractNumId'];
    if (id === undefined) continue;
    const levels = new Map<string, AbstractLevel>();
    let legal = false;
    for (const lvl of element.getElementsByTagName('w:lvl')) {
      const lvlText = lvl.firstOrEmpty('w:lvlText').attributes['w:val'] ?? '';
      // "%1.%2." shows the parent's number: a multi-level (legal) list.
      if ((lvlText.match(/%[1-9]/g) ?? []).length > 1 || lvl.first('w:isLgl')) legal = true;
      const start = Number(lvl.firstOrEmpty('w:start').attributes['w:val'] ?? 1);
      levels.set(lvl.attributes['w:ilvl'] ?? '0', {
        numFmt: lvl.firstOrEmpty('w:numFmt').attributes['w:val'] ?? 'decimal',
        lvlText,
        start: Number.isInteger(start) && start >= 0 ? start : 1,
        paragraphStyleId: lvl.firstOrEmpty('w:pStyle').attributes['w:val'],
      });
    }
    abstractNums.set(id, {
      levels,
      styleLink: element.firstOrEmpty('w:numStyleLink').attributes['w:val'],
      legal,
    });
  }
  return abstractNums;
}

function readNums(root: XmlElement): Map<string, Num> {
  const nums = new Map<string, Num>();
  for (const element of root.getElementsByTagName('w:num')) {
    const id = element.attributes['w:numId'];
    const abstractNumId = element.firstOrEmpty('w:abstractNumId').attributes['w:val'];
    if (id === undefined || abstractNumId === undefined) continue;
    const startOverrides = new Map<string, number>();
    for (const override of element.getElementsByTagName('w:lvlOverride')) {
      const value = Number(override.firstOrEmpty('w:startOverride').attributes['w:val']);
      const level = override.attributes['w:ilvl'];
      if (level !== undefined && Number.isInteger(value) && value >= 0) startOverrides.set(level, value);
    }
    nums.set(id, { abstractNumId, startOverrides });
  }
  return nums;
}
