/** Where a link in a contract may point: the web and e-mail, nothing that runs or loads. */
export const linkProtocols = ['http:', 'https:', 'mailto:'] as const;

/** At most this long, as browsers and Word handle links. */
export const maxLinkLength = 2048;

/**
 * The link as stored, or null when it may not be one: only http, https and mailto, absolute,
 * with no control characters or spaces (a pasted "javascript:", "data:" or "file:" link is
 * dropped, its text kept). A bare "example.com" is taken as https.
 */
export function safeLinkHref(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  if (trimmed.length === 0 || trimmed.length > maxLinkLength) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\s\\]/.test(trimmed)) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (!(linkProtocols as readonly string[]).includes(url.protocol)) return null;
  if (url.protocol === 'mailto:') return url.pathname.includes('@') ? candidate : null;
  if (!url.hostname) return null;
  return candidate;
}
