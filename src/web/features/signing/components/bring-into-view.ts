/** Room kept between a field brought into view and the edges of what shows it. */
const margin = 24;

/**
 * Scrolls an element into view: sideways within the document's pages (when zoomed wider than the
 * column) and up or down in the window, above the walk's bar at the foot of the screen (its
 * height, `bottomInset`). `centre` puts it in the middle of what shows; otherwise it moves only
 * as far as it takes to show it whole with room around it. A field at a page's edge stays the
 * pages' padding away from the viewer's edge.
 */
export function bringIntoView(
  element: HTMLElement,
  { bottomInset, centre }: { bottomInset: number; centre: boolean },
) {
  const pages = element.closest<HTMLElement>('[data-pdf-pages]');
  if (pages) {
    const box = element.getBoundingClientRect();
    const view = pages.getBoundingClientRect();
    const left = view.left + margin;
    const right = view.right - margin;
    const by = centre
      ? box.left + box.width / 2 - (view.left + view.width / 2)
      : box.left < left
        ? box.left - left
        : box.right > right
          ? Math.min(box.right - right, box.left - left)
          : 0;
    pages.scrollLeft += by;
  }
  const box = element.getBoundingClientRect();
  const top = margin;
  const bottom = window.innerHeight - bottomInset - margin;
  const down = centre
    ? box.top + box.height / 2 - (top + bottom) / 2
    : box.top < top
      ? box.top - top
      : box.bottom > bottom
        ? Math.min(box.bottom - bottom, box.top - top)
        : 0;
  if (down !== 0) window.scrollBy({ top: down, behavior: 'instant' });
}
