import type { NumberingLevel } from './numbering-levels';

/** The parts of mammoth's document model (lib/documents.js) this import reads. */
export type MammothElement =
  | MammothParagraph
  | MammothRun
  | MammothText
  | MammothHyperlink
  | MammothTable
  | MammothTableRow
  | MammothTableCell
  | { type: 'break'; breakType: 'line' | 'page' | 'column' }
  | { type: 'tab' }
  | { type: 'image' }
  | { type: 'noteReference'; noteType: 'footnote' | 'endnote' }
  | { type: 'commentReference' }
  | { type: 'checkbox'; checked: boolean }
  | { type: 'bookmarkStart' };

export type MammothParagraph = {
  type: 'paragraph';
  children: MammothElement[];
  styleId: string | null;
  styleName: string | null;
  numbering: NumberingLevel | null;
  alignment: string | null;
  indent: { start: string | null; hanging: string | null; firstLine: string | null };
};
export type MammothRun = {
  type: 'run';
  children: MammothElement[];
  styleName: string | null;
  isBold: boolean;
  isItalic: boolean;
  isUnderline: boolean;
  isStrikethrough: boolean;
  highlight: string | null;
};
export type MammothText = { type: 'text'; value: string };
export type MammothHyperlink = {
  type: 'hyperlink';
  children: MammothElement[];
  href?: string;
  anchor?: string;
};
export type MammothTable = { type: 'table'; children: MammothTableRow[] };
export type MammothTableRow = { type: 'tableRow'; children: MammothTableCell[]; isHeader: boolean };
export type MammothTableCell = {
  type: 'tableCell';
  children: MammothElement[];
  colSpan: number;
  rowSpan: number;
};
export type MammothDocument = { type: 'document'; children: MammothElement[] };
