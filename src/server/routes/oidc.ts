import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { safeNextPath } from '../../shared/next-path';
import type { ProviderFailure } from '../../shared/provider-sign-in';
import { oidcApi } from '../../shared/routes/oidc';
import type { AppDeps } from '../deps';
import { cookies } from '../plugins/cookies';
import { signInFlow } from '../plugins/two-factor-gate';
import {
  beginProviderSignIn,
  finishProviderSignIn,
  ProviderSignInError,
} from '../services/accounts/identity-providers';
import { openPendingSignIn, sealPendingSignIn } from '../services/accounts/oidc-state-cookie';
import { accountForIdentity } from '../services/accounts/sign-in-with-provider';
import { registerRoute } from './register-route';

/**
 * Sign-in with Google or Microsoft (OpenID Connect, authorization code + PKCE). Each provider
 * works only when its client id and secret are configured; /api/auth/providers tells the login
 * page which.
 */
export const oidcRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, secret, appUrl, identityProviders } = deps;
  const flow = signInFlow(deps);
  const providers = identityProviders ?? {};
  const redirectUri = (provider: string) => new URL(`/api/auth/oidc/${provider}/callback`, appUrl).href;
  const failed = (reply: FastifyReply, reason: ProviderFailure) =>
    reply.redirect(`/login?error=${reason}`, 303);

  registerRoute(
    app,
    oidcApi.providers,
    {
      config: { public: true },
    },
    async () => ({ google: providers.google !== undefined, microsoft: providers.microsoft !== undefined }),
  );

  registerRoute(
    app,
    oidcApi.start,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const provider = providers[request.params.provider];
      if (!provider) return failed(reply, 'not_configured');
      try {
        const { url, pending } = await beginProviderSignIn(request.params.provider, provider, {
          redirectUri: redirectUri(request.params.provider),
          next: safeNextPath(request.query.next, appUrl.origin),
        });
        reply.setAppCookie(cookies.oidc, sealPendingSignIn(secret, pending));
        return reply.redirect(url.href, 303);
      } catch (error) {
        if (error instanceof ProviderSignInError) return failed(reply, error.reason);
        throw error;
      }
    },
  );

  registerRoute(
    app,
    oidcApi.callback,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const provider = providers[request.params.provider];
      const pending = openPendingSignIn(secret, request.cookies[cookies.oidc.name]);
      reply.clearAppCookie(cookies.oidc);
      if (!provider || !pending || pending.provider !== request.params.provider) {
        return failed(reply, 'expired');
      }
      const query = request.query as Record<string, string | undefined>;
      if (query.error) return failed(reply, query.error === 'access_denied' ? 'canceled' : 'failed');
      try {
        const callbackUrl = new URL(request.url, appUrl);
        const identity = await finishProviderSignIn(provider, { callbackUrl, pending });
        const account = await accountForIdentity(db, identity);
        const next = safeNextPath(pending.next, appUrl.origin);
        // The provider vouches for the first factor only: an account with a second factor is
        // sent to the login page's second step, with no session until it passes.
        const outcome = await flow.begin(request, reply, account, {
          persistent: true,
          firstFactor: request.params.provider,
          next,
          newAccount: account.created,
        });
        if ('secondFactor' in outcome) {
          return reply.redirect(`/login?step=two-factor&next=${encodeURIComponent(next)}`, 303);
        }
        return reply.redirect(next, 303);
      } catch (error) {
        if (error instanceof ProviderSignInError) return failed(reply, error.reason);
        throw error;
      }
    },
  );
};
