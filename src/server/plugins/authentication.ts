import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { Actor } from '../actor';
import type { ServiceContext } from '../context';
import type { Database } from '../db/client';
import type { ServiceDeps } from '../deps';
import { findTokenActor } from '../services/api-tokens/find-token-actor';
import { consumeRateLimit, type RateLimitRule } from '../services/rate-limits/consume-rate-limit';
import { takeFromBucket } from '../services/rate-limits/token-bucket';
import { findSessionActor } from '../services/sessions/find-session-actor';
import { bearerTokenOf, changesState, isPersonOnlyPublicRoute, isTokenRoute } from './api-token-access';
import { cookies } from './cookies';
import { LimitedAddresses } from './limited-addresses';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** What the services of a request are lent besides its actor (see contextOf). */
    serviceDeps: ServiceDeps & { db: Database };
  }
  interface FastifyContextConfig {
    /** Answered without a session (sign-in, health…); every other API route needs one. */
    public?: boolean;
    /**
     * Open to a session that must set up a second factor first (the organization requires one):
     * what the enrollment screen needs. Every other route answers 403 TWO_FACTOR_SETUP_REQUIRED.
     */
    twoFactorSetup?: boolean;
    /**
     * A POST that only reads (its input is too long for a query string: a selection of 1,000
     * ids), so a read-only API token may call it (plugins/api-token-access.ts).
     */
    readsOnly?: boolean;
  }
}

export function requestOrigin(request: FastifyRequest): { ip: string | null; userAgent: string | null } {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}

/**
 * Requests one API token may make per minute, across every process: a bucket of 600 that refills
 * at 10 a second (rate-limits/token-bucket.ts), so no burst goes past 600.
 */
export const defaultApiTokenLimit: RateLimitRule = { limit: 600, windowMs: 60_000 };

/**
 * Refused tokens (malformed, unknown, revoked, expired) one address may send per 15 minutes,
 * across every process, like failed sign-ins.
 */
export const defaultBadApiTokenLimit: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };

const personOnly = () =>
  new AppError('FORBIDDEN', 'API tokens cannot use this route: it is for people signed in to Pactum');

/**
 * Resolves the caller as soon as a request arrives, from an `Authorization: Bearer` API token or
 * else the session cookie, and turns an anonymous caller away from every route not marked public
 * before its body is even read.
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: {
    db: Database;
    secret: string;
    apiTokenLimit?: RateLimitRule;
    badApiTokenLimit?: RateLimitRule;
    services: ServiceDeps;
  },
): void {
  const tokenLimit = deps.apiTokenLimit ?? defaultApiTokenLimit;
  const badTokenLimit = deps.badApiTokenLimit ?? defaultBadApiTokenLimit;
  const guessing = new LimitedAddresses();
  app.decorateRequest('actor', null);
  app.decorate('serviceDeps', { ...deps.services, db: deps.db });
  // A callback hook, not an async one: an anonymous request (no token, no cookie) is answered
  // without a promise being made, and the cheapest answer the server gives, a 401, stays cheap.
  app.addHook('onRequest', (request, reply, done) => {
    const bearer = bearerTokenOf(request);
    if (bearer !== undefined) {
      if (isPersonOnlyPublicRoute(request)) return done(personOnly());
      // Other public routes (and unknown paths) behave the same with or without a token. On the
      // rest, with a Bearer header the cookie is never read: one request, one identity.
      if (request.routeOptions.url !== undefined && !request.routeOptions.config.public) {
        authenticateToken(request, reply, bearer).then((actor) => admit(request, actor, done), done);
        return;
      }
    }
    const token = request.cookies[cookies.session.name];
    if (!token || token.length > 100) return admit(request, null, done);
    findSessionActor(deps.db, { secret: deps.secret, token, ...requestOrigin(request) }).then(
      (actor) => admit(request, actor, done),
      done,
    );
  });

  /** Lets the request go on as `actor`, or turns it away before its body is even read. */
  function admit(request: FastifyRequest, actor: Actor | null, done: (error?: Error) => void): void {
    request.actor = actor;
    const config = request.routeOptions.config;
    if (config.public) done();
    else if (!actor) done(signInToContinue());
    // A token is refused everywhere while its creator lacks a required second factor: the
    // setup routes are for that person's own session, never for software acting as them.
    else if (actor.twoFactorSetupRequired && (actor.apiToken || !config.twoFactorSetup)) {
      done(actor.apiToken ? creatorSetsUpTwoFactorFirst() : setUpTwoFactorFirst());
    } else done();
  }

  /**
   * Everything that limits a token is decided here, in one place: that it is live, which routes
   * it reaches, that a `read` token changes nothing, its rate, and how many bad tokens its
   * address may send.
   */
  async function authenticateToken(request: FastifyRequest, reply: FastifyReply, bearer: string) {
    const actor = await findTokenActor(deps.db, {
      secret: deps.secret,
      token: bearer,
      ...requestOrigin(request),
    });
    if (!actor?.apiToken) throw await refuseToken(request, reply);
    // Every request of a live token counts, refused ones too (a route it may not use, a change
    // by a read token): each costs the lookup, and the limit is the token's, not its successes'.
    const waitSeconds = await takeFromBucket(deps.db, `api-token:${actor.apiToken.id}`, tokenLimit);
    if (waitSeconds > 0) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many requests with this API token. Try again in ${waitSeconds} seconds.`,
        undefined,
        waitSeconds,
      );
    }
    if (!isTokenRoute(request)) throw personOnly();
    if (actor.apiToken.scope === 'read' && changesState(request)) {
      throw new AppError(
        'FORBIDDEN',
        'This API token can only read: create a read-write token to make changes',
      );
    }
    return actor;
  }

  /**
   * Refused tokens count against their address; past the limit the address's refused tokens get
   * 429 until the window ends, while a live token from it is still served: an office or a cloud
   * egress address is shared, and one client's bad tokens must not stop another's integration.
   * A limited address is refused from this process's memory without another count, so a token
   * sprayed from it costs the lookup's one indexed query (none when malformed) and no write.
   */
  async function refuseToken(request: FastifyRequest, reply: FastifyReply): Promise<AppError> {
    const address = request.ip ?? 'unknown';
    const limitedFor = guessing.waitOf(address);
    if (limitedFor > 0) return tooManyBadTokens(limitedFor);
    const waitSeconds = await consumeRateLimit(deps.db, `api-token:address:${address}`, badTokenLimit);
    if (waitSeconds > 0) {
      guessing.limit(address, waitSeconds);
      return tooManyBadTokens(waitSeconds);
    }
    reply.header('www-authenticate', 'Bearer');
    return new AppError('UNAUTHENTICATED', 'Invalid, expired or revoked API token');
  }
}

const signInToContinue = () => new AppError('UNAUTHENTICATED', 'Sign in to continue');

const setUpTwoFactorFirst = () =>
  new AppError(
    'TWO_FACTOR_SETUP_REQUIRED',
    'Your organization requires two-factor sign-in: set up an authenticator app or a passkey to continue',
  );

const creatorSetsUpTwoFactorFirst = () =>
  new AppError(
    'TWO_FACTOR_SETUP_REQUIRED',
    'The admin who created this API token must set up two-factor sign-in, which the organization requires: the token works again once they have (Profile, Security)',
  );

const tooManyBadTokens = (waitSeconds: number) =>
  new AppError(
    'RATE_LIMITED',
    `Too many invalid API tokens from this address. Try again in ${waitSeconds} seconds.`,
    undefined,
    waitSeconds,
  );

/** The signed-in actor, or a 401 for anyone else. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw signInToContinue();
  return request.actor;
}

/**
 * What a route hands the service it calls: the signed-in actor (or a 401), the database and the
 * process's dependencies. The only place a request's service context is made.
 */
export function contextOf(request: FastifyRequest): ServiceContext<keyof ServiceDeps> {
  return { ...request.server.serviceDeps, actor: actorOf(request) };
}
