import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js, loaded only by the pages that show a PDF (the login page's JavaScript never holds it),
 * with its worker and its data (CMaps for CJK text, the standard fonts, the image decoders' wasm)
 * served beside the app (vite.config.ts copies them to /pdfjs/). A document never runs script:
 * pdf.js core has no scripting, and evaluating strings is off (the page's CSP forbids it anyway).
 * A large PDF is read by byte range, as the server answers them.
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

/**
 * The page's text laid over its drawing as transparent, selectable text at the same places, as
 * pdf.js's own viewer does: screen readers read the document, and a reader can select and copy.
 * Sized by `--total-scale-factor` (CSS pixels per PDF point), set here on the container.
 */
export async function renderTextLayer(
  page: PDFPageProxy,
  container: HTMLElement,
  scale: number,
  /** Aborted when the page is drawn again (another width or zoom) or leaves: this layer stops. */
  signal: AbortSignal,
): Promise<void> {
  const { TextLayer } = await import('pdfjs-dist');
  if (signal.aborted) return;
  container.replaceChildren();
  container.style.setProperty('--total-scale-factor', String(scale));
  const layer = new TextLayer({
    textContentSource: page.streamTextContent(),
    container,
    viewport: page.getViewport({ scale }),
  });
  signal.addEventListener('abort', () => layer.cancel());
  await layer.render();
}
