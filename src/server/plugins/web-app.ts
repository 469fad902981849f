import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors';
import type { Database } from '../db/client';
import { allowEmbedFrame } from './embed-frames';

/**
 * Serves the built web app, and its index.html for every other page path so the client-side
 * router can take over. Unknown /api paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string, db: Database): Promise<void> {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // Hashed asset names never change content; index.html must always be fresh.
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) throw new AppError('NOT_FOUND', 'No such API endpoint');
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('NOT_FOUND', 'Not found');
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build:web` (npm start does this).');
    }
    if (path.startsWith('/embed/')) await allowEmbedFrame(db, request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
