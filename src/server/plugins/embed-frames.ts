import type { FastifyReply, FastifyRequest } from 'fastify';
import { webOriginOf } from '../../shared/embedding/web-origin';
import type { Database } from '../db/client';
import { frameOriginsOf } from '../services/embedding/frame-origins';

/** The pages that may be shown in another site's frame, and the token in their path. */
const embeddablePages = [
  { page: 'sign' as const, pattern: /^\/embed\/sign\/([A-Za-z0-9_-]{43})$/ },
  { page: 'link' as const, pattern: /^\/embed\/p\/([A-Za-z0-9_-]{43})$/ },
];

/**
 * Every page is refused in any frame (`frame-ancestors 'none'`, security-headers.ts) but an embed
 * page, framed by the origin its `origin` parameter names when its token allows that origin: the
 * frame-ancestors directive then names that one origin (X-Frame-Options, which cannot name one, is
 * left out), and the page posts its events to it alone. A token that allows none, or an origin it
 * does not allow, keeps the page unframable.
 */
export async function allowEmbedFrame(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const url = new URL(request.url, 'http://pactum.invalid');
  for (const { page, pattern } of embeddablePages) {
    const token = pattern.exec(url.pathname)?.[1];
    if (!token) continue;
    const asked = webOriginOf(url.searchParams.get('origin') ?? '');
    if (!asked) return;
    const origins = await frameOriginsOf(db, page, token);
    if (!origins.includes(asked)) return;
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    reply.header(
      'content-security-policy',
      policy.replace("frame-ancestors 'none'", `frame-ancestors ${asked}`),
    );
    reply.removeHeader('x-frame-options');
    return;
  }
}
