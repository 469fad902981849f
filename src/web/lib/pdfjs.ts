import type { PDFDocumentProxy, PDFPageProxy, PDFWorker } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type Pdfjs = typeof import('pdfjs-dist');
let loading: Promise<Pdfjs> | undefined;
let worker: PDFWorker | undefined;

/**
 * pdf.js and its worker, started once and kept for the page's life: every document is opened on
 * the same worker (pdf.js gives each its own id there, and destroying a document leaves a worker
 * it was handed running). Starting the worker costs a busy phone over 100 ms of parsing its
 * script, so a page that is about to show a PDF calls this while it still waits for its data.
 */
export async function startPdfjs(): Promise<{ pdfjs: Pdfjs; worker: PDFWorker }> {
  loading ??= import('pdfjs-dist').then(
    (pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      return pdfjs;
    },
    (error: unknown) => {
      // A chunk that failed to load (the network, a deploy since) is asked for again next time.
      loading = undefined;
      throw error;
    },
  );
  const pdfjs = await loading;
  if (!worker || worker.destroyed) worker = new pdfjs.PDFWorker();
  return { pdfjs, worker };
}

/** Drops the shared worker (one that failed to start, say): the next document starts a new one. */
function dropWorker(failed: PDFWorker): void {
  if (worker !== failed) return;
  worker = undefined;
  failed.destroy();
}

/**
 * pdf.js, loaded only by the pages that show a PDF (the login page's JavaScript never holds it),
 * with its worker and its data (CMaps for CJK text, the standard fonts, the image decoders' wasm)
 * served beside the app (vite.config.ts copies them to /pdfjs/). A document never runs script:
 * pdf.js core has no scripting, and evaluating strings is off (the page's CSP forbids it anyway).
 * A large PDF is read by byte range, as the server answers them.
 */
export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const { pdfjs, worker } = await startPdfjs();
  const task = pdfjs.getDocument({
    url,
    worker,
    // Ranges of 1 MiB, not pdf.js's 64 KiB: before it shows page 1 pdf.js reads every page's
    // object, and in a scan each sits beside its 200 KB picture, so a 100-page scan cost 100
    // requests (the field editor painted its first page in about 620 ms against 780 ms).
    // A file under 2 MiB is read whole.
    rangeChunkSize: 1 << 20,
    isEvalSupported: false,
    enableXfa: false,
    cMapUrl: '/pdfjs/cmaps/',
    cMapPacked: true,
    standardFontDataUrl: '/pdfjs/standard_fonts/',
    wasmUrl: '/pdfjs/wasm/',
    iccUrl: '/pdfjs/iccs/',
  });
  return task.promise.catch(async (error: unknown) => {
    // A document that cannot be read leaves the worker as it was; a worker that broke is replaced.
    // (getDocument waits for the worker, so its readiness is settled by now.)
    const alive = await worker.promise.then(
      () => true,
      () => false,
    );
    if (!alive) dropWorker(worker);
    throw error;
  });
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
