import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { Actor } from '../actor';
import type { Database } from '../db/client';
import type { NewSession } from '../services/sessions/create-session';
import { findSessionActor } from '../services/sessions/find-session-actor';
import { sessionCookieName } from '../services/sessions/session-token';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Answered without a session (sign-in, health…); every other API route needs one. */
    public?: boolean;
    /**
     * Open to a session that must set up a second factor first (the organization requires one):
     * what the enrollment screen needs. Every other route answers 403 TWO_FACTOR_SETUP_REQUIRED.
     */
    twoFactorSetup?: boolean;
  }
}

export function requestOrigin(request: FastifyRequest): { ip: string | null; userAgent: string | null } {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}

/**
 * Resolves the session cookie to request.actor as soon as a request arrives, and turns an
 * anonymous caller away from every route not marked public before its body is even validated.
 */
export function registerAuthentication(app: FastifyInstance, deps: { db: Database; secret: string }): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[sessionCookieName];
    if (!token || token.length > 100) return;
    request.actor = await findSessionActor(deps.db, {
      secret: deps.secret,
      token,
      ...requestOrigin(request),
    });
  });
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const actor = actorOf(request);
    if (actor.twoFactorSetupRequired && !config.twoFactorSetup) {
      throw new AppError(
        'TWO_FACTOR_SETUP_REQUIRED',
        'Your organization requires two-factor sign-in: set up an authenticator app or a passkey to continue',
      );
    }
  });
}

/** The signed-in actor, or a 401 for anyone else. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return request.actor;
}

export function setSessionCookie(reply: FastifyReply, session: NewSession, secure: boolean): void {
  reply.setCookie(sessionCookieName, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    // Without remember-me the cookie has no expiry, so the browser drops it when it closes.
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(sessionCookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
