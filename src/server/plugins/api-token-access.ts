import type { FastifyRequest } from 'fastify';

/**
 * What an API token may reach: the contract workspace an integration automates. Everything
 * else under /api is for people and refuses a token (403), even a valid one: signing in and out,
 * the profile, sessions, second factors and passkeys, API tokens themselves, the team and the
 * organization's settings, a person's notifications, the mail outbox (every message the
 * organization sent, to people who are not the token's), a person's saved views and deadline
 * reminders and calendar feed. New routes under these prefixes are
 * open to tokens; a new prefix is closed until it is added here.
 */
const tokenRoutePrefixes = [
  '/api/contracts',
  '/api/templates',
  '/api/bulk-sends',
  '/api/projects',
  '/api/docx',
  '/api/dashboard',
  '/api/custom-fields',
  '/api/signatures',
  '/api/public-links',
  '/api/reports',
  // The repository: search and its exports, deadlines, the key terms' types and fields (admins').
  '/api/search',
  '/api/deadlines',
  '/api/term-settings',
];

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token of an `Authorization: Bearer` header, or undefined without one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header.length > 200) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Public routes about people's accounts (signing up, in and out, password resets, second factors,
 * OpenID): open to anyone without an identity, but a request carrying a token is refused there
 * rather than served, so a token can never start or end a person's session.
 */
export function isPersonOnlyPublicRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && request.routeOptions.config.public === true && url.startsWith('/api/auth/');
}

/** Whether the matched route is one a token may call (by its declared path, never the raw URL). */
export function isTokenRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  if (url === undefined || request.routeOptions.config.public) return false;
  return tokenRoutePrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

/**
 * A request authenticated by a Bearer token rather than a cookie: nothing a browser adds on its
 * own (another site's page cannot set Authorization without a CORS preflight Pactum never
 * grants), so the same-origin check, which guards cookies, does not apply to it.
 */
export function isTokenRequest(request: FastifyRequest): boolean {
  return bearerTokenOf(request) !== undefined && isTokenRoute(request);
}

export function changesState(request: FastifyRequest): boolean {
  return !safeMethods.has(request.method) && request.routeOptions.config.readsOnly !== true;
}
