import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js, loaded only by the pages that show a PDF (the login page's JavaScript never holds it),
 * with its worker and its data (CMaps for CJK text, the standard fonts, the image decoders' wasm)
 * served beside the app (vite.config.ts copies them to /pdfjs/). A document never runs script:
 * pdf.js core has no scripting, and evaluating strings is off (the page's CSP forbids it anyway).
 */
export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs.getDocument({
    url,
    isEvalSupported: false,
    enableXfa: false,
    cMapUrl: '/pdfjs/cmaps/',
    cMapPacked: true,
    standardFontDataUrl: '/pdfjs/standard_fonts/',
    wasmUrl: '/pdfjs/wasm/',
    iccUrl: '/pdfjs/iccs/',
  }).promise;
}
