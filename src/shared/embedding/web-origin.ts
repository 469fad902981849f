// Web origins that may frame a signing page: for the settings form, the public links and the server. No zod.

/** Origins an organization (or a public link) lists: a handful of apps, never a crowd. */
export const maxEmbedOrigins = 10;

/**
 * A host a browser's page can be at, as the URL parser leaves it (lower case, punycode): a DNS
 * name, an IPv4 address or a bracketed IPv6 one. The parser lets `*`, `;` and `,` through, which
 * in a frame-ancestors directive would be a wildcard (`https://*` frames the page anywhere), a
 * new directive or a second policy.
 */
const hostPattern = /^(?:[a-z0-9_-]+\.)*[a-z0-9_-]+\.?$|^\[[0-9a-f:.]+\]$/;

/**
 * An origin as the browser sends it (`https://app.example.com`, `https://app.example.com:8443`),
 * from what someone typed: a URL with a path is cut to its origin. Plain http only on this
 * machine's own names (localhost, 127.0.0.1), for an app being built. Null when it is none.
 */
export function webOriginOf(typed: string): string | null {
  let url: URL;
  try {
    url = new URL(typed.trim());
  } catch {
    return null;
  }
  if (url.username || url.password || !hostPattern.test(url.hostname)) return null;
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return null;
  return url.origin;
}

/** Why a list of origins is refused, or null: each must be one, at most `maxEmbedOrigins`. */
export function embedOriginsProblem(typed: readonly string[]): string | null {
  if (typed.length > maxEmbedOrigins) return `List at most ${maxEmbedOrigins} web origins`;
  const bad = typed.find((origin) => webOriginOf(origin) === null);
  if (bad !== undefined) {
    return `"${bad.slice(0, 100)}" is not a web origin: give https:// and the host (and port), such as https://app.example.com`;
  }
  return null;
}
