const fallback = '/dashboard';
// Browsers drop tabs and newlines inside a URL and read '\' as '/', so '/\t/evil.example' or
// '/\\evil.example' would leave the site: such a path is never taken.
const unsafe = (next: string) =>
  [...next].some((char) => char <= '\u001f' || char === '\u007f' || char === '\\');

/**
 * A path inside Pactum to go to after signing in or signing up. `next` is resolved against the
 * site's own origin and kept only if it stays there; anything else — another site, '//host', a
 * path with control characters, the sign-in and sign-up pages themselves — gives the dashboard.
 */
export function safeNextPath(next: string | null | undefined, ownOrigin: string): string {
  if (!next?.startsWith('/') || unsafe(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, ownOrigin);
  } catch {
    return fallback;
  }
  // '/.//evil.example' resolves to the path '//evil.example', which a browser reads as another host.
  if (url.origin !== new URL(ownOrigin).origin || url.pathname.startsWith('//')) return fallback;
  if (url.pathname === '/login' || url.pathname === '/signup') return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
