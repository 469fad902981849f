import type { FormField, PDF, PDFPage } from '@libpdf/core';
import { PdfRef } from '@libpdf/core';

/** A form field's widget (the library does not export its class). */
export type Widget = ReturnType<FormField['getWidgets']>[number];

/**
 * The page each form widget is on. A widget names its page (/P) only optionally (pdfTeX's do
 * not): the pages' /Annots say too.
 */
export function widgetPages(pdf: PDF): (widget: Widget) => PDFPage | undefined {
  const pages = pdf.getPages();
  const key = (ref: PdfRef) => `${ref.objectNumber} ${ref.generation}`;
  const byRef = new Map(pages.map((page) => [key(page.ref), page]));
  const byWidget = new Map<string, PDFPage>();
  for (const page of pages) {
    const annotations = page.dict.getArray('Annots');
    for (let index = 0; annotations && index < annotations.length; index++) {
      const ref = annotations.at(index);
      if (ref instanceof PdfRef) byWidget.set(key(ref), page);
    }
  }
  return (widget) =>
    (widget.pageRef && byRef.get(key(widget.pageRef))) ||
    (widget.ref && byWidget.get(key(widget.ref))) ||
    undefined;
}
