import type { EditorDocument } from '../../shared/api/editor-document';
import { formatUtc } from './pdf-text';
import { contractBlocks } from './typst/contract-input';
import { frameInput } from './typst/frame-input';
import { printable } from './typst/printable-text';
import { compileTypst } from './typst/typst-compiler';

/** One side of a comparison, as its header names it. */
export type RedlineSide = { number: number; author: string; createdAt: string; contentHash: string };

export type RedlinePdfInput = {
  title: string;
  organizationName: string;
  from: RedlineSide;
  to: RedlineSide;
  /** The later version with `insertion` and `deletion` marks (compareDocuments). */
  content: EditorDocument;
  summary: { insertedWords: number; deletedWords: number; wordByWord: boolean };
};

const sideOf = (side: RedlineSide) => ({
  line: printable(`Version ${side.number} · ${side.author} · ${formatUtc(new Date(side.createdAt))}`),
  hash: `Content SHA-256 ${side.contentHash}`,
});

/**
 * A comparison of two versions as a PDF (`pdf-templates/redline.typ`): nothing in it is stored,
 * so it is a plain tagged PDF, dated by nothing.
 */
export async function renderRedlinePdf(input: RedlinePdfInput): Promise<Uint8Array> {
  const { from, to, summary } = input;
  const reference = `Comparison of versions ${from.number} and ${to.number}`;
  const { blocks } = contractBlocks(input.content, false);
  const compiled = compileTypst('redline', {
    ...frameInput({ ...input, reference, documentTitle: `${input.title}: ${reference.toLowerCase()}` }),
    from: sideOf(from),
    to: sideOf(to),
    legend: ` · ${summary.insertedWords} words added, ${summary.deletedWords} removed${
      summary.wordByWord
        ? ''
        : ' · some parts too different to compare word by word are shown removed and added whole'
    }`,
    blocks,
  });
  return new Uint8Array(compiled.pdf);
}
