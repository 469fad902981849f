import { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { joinUploadedPdfs } from '../../src/server/pdf/assemble-pdf';
import { uploadAsSent } from '../../src/server/pdf/sent-upload';
import { hostileForm } from '../fixtures/pdf/hostile-pdfs';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';

/** A PDF as it is sent: its form emptied (form-as-sent.ts), then joined with the others. */
const sent = async (...parts: Uint8Array[]) =>
  PDF.load(await joinUploadedPdfs(await Promise.all(parts.map((bytes) => uploadAsSent({ bytes })))));

describe('forms joined into the document sent for signing', () => {
  it('keep every part’s fields apart, and copy no page twice', async () => {
    const joined = await sent(
      pdfFixture('libreoffice-form.pdf'),
      pdfFixture('pdftex-form.pdf'),
      pdfFixture('libreoffice-form.pdf'),
    );
    expect(joined.getPageCount()).toBe(3);
    const names = (joined.getForm()?.getFields() ?? []).map((field) => field.name);
    expect(names).toContain('file1.CustomerName');
    expect(names).toContain('file2.company');
    expect(names).toContain('file3.CustomerName');
    // Each widget names the page it is on, one of the document's own.
    const pages = new Set(joined.getPages().map((page) => `${page.ref.objectNumber}`));
    for (const field of joined.getForm()?.getFields() ?? [])
      for (const widget of field.getWidgets())
        expect(pages.has(`${widget.pageRef?.objectNumber}`)).toBe(true);
    // Every object of the joined document is one of the pages' or the form's: a page copied
    // again through a widget's /P would bring its page tree and every page of its part with it.
    const bytes = await joined.save();
    expect(bytes.length).toBeLessThan(
      (pdfFixture('libreoffice-form.pdf').length * 2 + pdfFixture('pdftex-form.pdf').length) * 1.2,
    );
  });

  it('a form of one part only keeps its fields’ own names', async () => {
    const joined = await sent(pdfFixture('libreoffice-agreement.pdf'), pdfFixture('libreoffice-form.pdf'));
    expect((joined.getForm()?.getFields() ?? []).map((field) => field.name)).toContain('CustomerName');
  });

  // Each bounded: the join follows a widget's /Parent chain 64 fields up at most, and walks a
  // form's tree once, however it loops.
  it.each([
    ['9,000 fields over 100 pages', () => hostileForm('manyFields', 9_000), 9_000],
    // Past what active-content.ts checks for scripts, a form is not sent at all.
    ['20,000 fields over 100 pages', () => hostileForm('manyFields', 20_000), 0],
    ['a /Parent chain that loops', () => hostileForm('parentLoop', 1_000), 0],
    ['a /Parent chain 10,000 deep', () => hostileForm('deepParents', 10_000), 0],
  ])(
    '%s is sent without stalling',
    async (name, make, fields) => {
      const hostile = make();
      const text = pdfFixture('libreoffice-agreement.pdf');
      const joined = await sent(text, hostile, hostile);
      const own = (await PDF.load(text)).getPageCount();
      expect(joined.getPageCount()).toBe(own + 2 * (name.includes('100 pages') ? 100 : 1));
      expect(joined.getForm()?.getFields().length ?? 0).toBe(2 * fields);
    },
    60_000,
  );
});
