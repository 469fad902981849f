import { PDF, type PdfRef, type PdfStream } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import {
  decodeRefusals,
  lzwLength,
  runLengthLength,
  withinDecodeBudget,
} from '../../src/server/pdf/decode-budget';
import { contentBomb } from '../fixtures/pdf/hostile-pdfs';

/** The page's contents stream, as @libpdf/core reads it. */
async function contentsOf(file: Buffer): Promise<PdfStream> {
  const pdf = await PDF.load(new Uint8Array(file));
  const page = pdf.getPages()[0];
  return pdf.getObject(page?.dict.get('Contents') as PdfRef) as PdfStream;
}

describe('the decode budget', () => {
  it.each([
    ['lzw', (data: Uint8Array) => lzwLength(data, 1, Number.POSITIVE_INFINITY)],
    ['runLength', (data: Uint8Array) => runLengthLength(data, Number.POSITIVE_INFINITY)],
  ] as const)('measures %s before decoding exactly as the decoder decodes it', async (how, measure) => {
    const stream = await contentsOf(contentBomb(8, how));
    const decoded = await withinDecodeBudget(async () => stream.getDecodedData());
    expect(decoded.length).toBeGreaterThan(8 * 1024 * 1024 - 4096);
    expect(measure(stream.data)).toBe(decoded.length);
  });

  it.each(['lzw', 'runLength', 'chain', 'escaped'] as const)('refuses %s past 64 MB', async (how) => {
    const stream = await contentsOf(contentBomb(100, how));
    await expect(withinDecodeBudget(async () => stream.getDecodedData())).rejects.toThrow(
      decodeRefusals.stream,
    );
  });

  it('holds all of one task to 512 MB, and refuses every decode after', async () => {
    const stream = await contentsOf(contentBomb(60, 'escaped'));
    let decoded = 0;
    const reading = withinDecodeBudget(async () => {
      for (let time = 0; time < 10; time++) {
        try {
          decoded += stream.getDecodedData().length;
        } catch {
          // a parser that swallows the error and goes on: the task is refused all the same
        }
      }
    });
    await expect(reading).rejects.toThrow(decodeRefusals.total);
    expect(decoded).toBe(8 * 60 * 1024 * 1024);
  }, 60_000);
});
