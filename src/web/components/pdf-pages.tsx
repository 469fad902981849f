import { Minus, Plus } from 'lucide-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import {
  type CSSProperties,
  type ReactNode,
  type TouchEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { openPdf, renderTextLayer } from '../lib/pdfjs';

type PageSize = { width: number; height: number };

const minZoom = 1;
const maxZoom = 3;
const clampZoom = (value: number) => Math.min(maxZoom, Math.max(minZoom, value));

/**
 * Drawn at this many CSS pixels a point, a page's body text reads on a phone (11 pt text is
 * 12 px): at a 390 px screen's fit-to-width the pages are 340 px wide and that text is 6 px.
 */
const readablePixelsPerPoint = 1.1;

/** Where a zoom is anchored: the point of the screen that stays over the same spot of the pages. */
type Anchor = { x: number; y: number };

/** The distance between a pinch's two fingers, and the point between them. */
function pinchOf(event: TouchEvent): { distance: number; middle: Anchor } | null {
  const [a, b] = [event.touches[0], event.touches[1]];
  if (!a || !b || event.touches.length !== 2) return null;
  return {
    distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
    middle: { x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 },
  };
}

/**
 * A PDF's pages one under the other, each drawn when it scrolls near the view (a 500-page file
 * draws the pages read, not all of them), at the width of the column times the zoom, sharp on
 * high-density screens. Pages not drawn yet hold their place, sized as the first page.
 */
export function PdfPages({
  url,
  label,
  renderOverlay,
  flow = false,
}: {
  url: string;
  label: string;
  /** What is laid over a page (counting from 0), positioned in fractions of it: fields. */
  renderOverlay?: (page: number) => ReactNode;
  /**
   * The pages flow in the page, which scrolls them (no scrolling box of their own inside it; a page
   * wider than the column pans sideways), and a narrow column opens them at a zoom where their
   * text reads.
   */
  flow?: boolean;
}) {
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const [firstSize, setFirstSize] = useState<PageSize | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(1);
  const frame = useRef<HTMLDivElement>(null);
  const pages = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // Whether the zoom was chosen yet (by the opening rule or the reader): it is chosen once.
  const zoomChosen = useRef(false);
  // The spot of the pages under the zoom's anchor, kept there once the pages are drawn at the new zoom.
  const anchored = useRef<{ anchor: Anchor; x: number; y: number; factor: number } | null>(null);
  const pinch = useRef<{ distance: number; zoom: number; middle: Anchor; scale: number } | null>(null);

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

  // A narrow column opens the pages at a readable zoom (in half steps, as the buttons go).
  useEffect(() => {
    if (!flow || zoomChosen.current || !firstSize || width <= 0) return;
    zoomChosen.current = true;
    const readable = (firstSize.width * readablePixelsPerPoint) / width;
    if (readable > 1.25) setZoom(clampZoom(Math.round(readable * 2) / 2));
  }, [flow, firstSize, width]);

  const zoomTo = (next: number, anchor?: Anchor) => {
    const target = clampZoom(next);
    zoomChosen.current = true;
    const holder = pages.current;
    const section = frame.current;
    if (holder && section && target !== zoom) {
      const view = section.getBoundingClientRect();
      const at = anchor ?? {
        x: view.left + view.width / 2,
        y: Math.max(view.top, 0) / 2 + Math.min(view.bottom, window.innerHeight) / 2,
      };
      const box = holder.getBoundingClientRect();
      anchored.current = { anchor: at, x: at.x - box.left, y: at.y - box.top, factor: target / zoom };
    }
    setZoom(target);
  };

  // Once drawn at the new zoom, the spot that was under the anchor is moved back under it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the zoom has changed
  useLayoutEffect(() => {
    const holder = pages.current;
    const section = frame.current;
    const kept = anchored.current;
    anchored.current = null;
    if (!kept || !holder || !section) return;
    const box = holder.getBoundingClientRect();
    section.scrollLeft += box.left + kept.x * kept.factor - kept.anchor.x;
    const down = box.top + kept.y * kept.factor - kept.anchor.y;
    if (flow) window.scrollBy({ top: down, behavior: 'instant' });
    else section.scrollTop += down;
  }, [zoom, flow]);

  // Two fingers zoom the pages: they are scaled as the fingers move, and drawn again when they lift.
  const onTouchStart = (event: TouchEvent) => {
    const start = pinchOf(event);
    if (start) pinch.current = { ...start, zoom, scale: 1 };
  };
  const onTouchMove = (event: TouchEvent) => {
    const now = pinchOf(event);
    const started = pinch.current;
    const holder = pages.current;
    if (!now || !started || !holder || started.distance <= 0) return;
    started.scale = clampZoom((started.zoom * now.distance) / started.distance) / started.zoom;
    const box = holder.getBoundingClientRect();
    holder.style.transformOrigin = `${started.middle.x - box.left}px ${started.middle.y - box.top}px`;
    holder.style.transform = `scale(${started.scale})`;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const started = pinch.current;
    if (!started || event.touches.length >= 2) return;
    pinch.current = null;
    if (pages.current) pages.current.style.transform = '';
    zoomTo(started.zoom * started.scale, started.middle);
  };

  const pageWidth = Math.max(0, width * zoom);
  return (
    <div>
      <div className="flex items-center justify-end gap-2 border-b border-slate-200 px-3 py-1 text-sm text-slate-600">
        {!document && !failed && <span className="mr-auto">Loading the pages…</span>}
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label="Zoom out"
            disabled={zoom <= minZoom}
            onClick={() => zoomTo(zoom - 0.5)}
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
            disabled={zoom >= maxZoom}
            onClick={() => zoomTo(zoom + 0.5)}
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-slate-100 disabled:opacity-40"
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <section
        aria-label={label}
        ref={frame}
        data-pdf-pages=""
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable, so the keyboard can scroll it
        tabIndex={0}
        {...(flow ? { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd } : {})}
        // isolate: what is raised over a page (a field being typed in) stays under the page's chrome.
        // touch-action: the browser pans, and a pinch is this viewer's zoom rather than the page's.
        className={`isolate bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 ${flow ? 'touch-pan-x touch-pan-y overflow-x-auto overflow-y-hidden px-4 py-3 sm:p-4' : 'max-h-[70vh] overflow-auto p-2 sm:p-4'}`}
      >
        {failed && (
          <p className="p-4 text-sm text-red-700">The document could not be shown. Download it instead.</p>
        )}
        {document && firstSize && pageWidth > 0 && (
          <div ref={pages} className="space-y-3" style={{ width: pageWidth }}>
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
