import { Minus, Plus } from 'lucide-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { openPdf, renderTextLayer } from '../lib/pdfjs';

type PageSize = { width: number; height: number };

/**
 * A PDF's pages one under the other, each drawn when it scrolls near the view (a 500-page file
 * draws the pages read, not all of them), at the width of the column times the zoom, sharp on
 * high-density screens. Pages not drawn yet hold their place, sized as the first page.
 */
export function PdfPages({
  url,
  label,
  renderOverlay,
}: {
  url: string;
  label: string;
  /** What is laid over a page (counting from 0), positioned in fractions of it: fields. */
  renderOverlay?: (page: number) => ReactNode;
}) {
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const [firstSize, setFirstSize] = useState<PageSize | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(1);
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    let open: PDFDocumentProxy | null = null;
    let stale = false;
    setDocument(null);
    setFailed(false);
    openPdf(url)
      .then(async (opened) => {
        // Left (or another file asked for) while it opened: the cleanup below found nothing to close.
        if (stale) {
          void opened.destroy();
          return;
        }
        open = opened;
        const first = await opened.getPage(1);
        const viewport = first.getViewport({ scale: 1 });
        if (stale) return;
        setFirstSize({ width: viewport.width, height: viewport.height });
        setDocument(opened);
      })
      .catch(() => {
        if (!stale) setFailed(true);
      });
    return () => {
      stale = true;
      void open?.destroy();
    };
  }, [url]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const pageWidth = Math.max(0, width * zoom);
  return (
    <div>
      <div className="flex items-center justify-end gap-2 border-b border-slate-200 px-3 py-1 text-sm text-slate-600">
        {!document && !failed && <span className="mr-auto">Loading the pages…</span>}
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label="Zoom out"
            disabled={zoom <= 1}
            onClick={() => setZoom((value) => Math.max(1, value - 0.5))}
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-slate-100 disabled:opacity-40"
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <span className="w-12 text-center tabular-nums" aria-live="polite">
            {Math.round(zoom * 100)}%
          </span>
          <button
            type="button"
            aria-label="Zoom in"
            disabled={zoom >= 3}
            onClick={() => setZoom((value) => Math.min(3, value + 0.5))}
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-slate-100 disabled:opacity-40"
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <section
        aria-label={label}
        ref={frame}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable, so the keyboard can scroll it
        tabIndex={0}
        // isolate: what is raised over a page (a field being typed in) stays under the page's chrome.
        className="isolate max-h-[70vh] overflow-auto bg-slate-100 p-2 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:p-4"
      >
        {failed && (
          <p className="p-4 text-sm text-red-700">The document could not be shown. Download it instead.</p>
        )}
        {document && firstSize && pageWidth > 0 && (
          <div className="space-y-3" style={{ width: pageWidth }}>
            {Array.from({ length: document.numPages }, (_, index) => (
              <PdfPage
                // biome-ignore lint/suspicious/noArrayIndexKey: a page is its number
                key={index}
                document={document}
                number={index + 1}
                width={pageWidth}
                placeholder={firstSize}
                overlay={renderOverlay?.(index)}
              />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

function PdfPage({
  document,
  number,
  width,
  placeholder,
  overlay,
}: {
  document: PDFDocumentProxy;
  number: number;
  width: number;
  placeholder: PageSize;
  overlay?: ReactNode;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(number === 1);
  const [size, setSize] = useState<PageSize>(placeholder);

  useEffect(() => {
    const element = holder.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near || width <= 0) return;
    let task: RenderTask | null = null;
    let stale = false;
    const textLayer = new AbortController();
    void document.getPage(number).then((page) => {
      if (stale || !canvas.current) return;
      const natural = page.getViewport({ scale: 1 });
      setSize({ width: natural.width, height: natural.height });
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (width / natural.width) * ratio });
      const target = canvas.current;
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      task = page.render({ canvas: target, viewport });
      // The text follows the drawing, so it never delays the first paint.
      task.promise
        .then(() => {
          if (!stale && text.current)
            return renderTextLayer(page, text.current, width / natural.width, textLayer.signal);
        })
        .catch(() => {});
    });
    return () => {
      stale = true;
      task?.cancel();
      textLayer.abort();
    };
  }, [near, width, document, number]);

  return (
    <div
      ref={holder}
      className="relative mx-auto bg-white shadow"
      // The page's size as drawn, for what is laid over it (the signing page sizes its fields' text by it).
      style={
        {
          width,
          aspectRatio: `${size.width} / ${size.height}`,
          '--page-width': `${width}px`,
          '--page-height': `${(width * size.height) / size.width}px`,
        } as CSSProperties
      }
    >
      <div role="img" aria-label={`Page ${number} of ${document.numPages}`} className="absolute inset-0">
        {near && <canvas ref={canvas} className="block size-full" />}
      </div>
      <div ref={text} className="pdf-text-layer" />
      {overlay}
    </div>
  );
}
