import type { EmbedEventType, EmbedMessage } from '../../shared/embedding/embed-events';

/**
 * The origin of the page framing this one, when this is an embed page (/embed/…) shown in a frame:
 * the `origin` the URL names, which the server allowed in the page's frame-ancestors (so no other
 * site can frame it). Null on any page of its own.
 */
export function embeddingOrigin(): string | null {
  if (typeof window === 'undefined' || window.parent === window) return null;
  if (!window.location.pathname.startsWith('/embed/')) return null;
  const origin = new URLSearchParams(window.location.search).get('origin');
  try {
    return origin ? new URL(origin).origin : null;
  } catch {
    return null;
  }
}

/** Tells the framing window what happened, addressed to its origin alone (never `*`). */
export function postToEmbedder(
  type: EmbedEventType,
  data: Record<string, string> = {},
  signerId?: string,
): void {
  const origin = embeddingOrigin();
  if (!origin) return;
  const message: EmbedMessage = { source: 'pactum', type, data, ...(signerId ? { signerId } : {}) };
  window.parent.postMessage(message, origin);
}
