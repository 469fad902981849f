import { useEffect } from 'react';
import { useLocation } from 'react-router';

const readerActs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Brings the element the address's #fragment names into view, and keeps it there while the page
 * settles. The browser's own jump comes before a lazy screen has drawn anything, and the cards
 * above the target load their data after it appears and push it down; so the page follows it as
 * it grows, until the reader scrolls, clicks or types.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new visit to the same link (key) jumps again
  useEffect(() => {
    const id = hash.slice(1);
    if (!id) return;
    const bring = () => document.getElementById(id)?.scrollIntoView({ block: 'start' });
    const growth = new ResizeObserver(bring);
    const stop = () => {
      growth.disconnect();
      for (const act of readerActs) window.removeEventListener(act, stop);
    };
    for (const act of readerActs) window.addEventListener(act, stop, { passive: true });
    growth.observe(document.body);
    return stop;
  }, [hash, key]);
}
