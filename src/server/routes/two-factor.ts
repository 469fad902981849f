import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../shared/errors';
import { twoFactorApi } from '../../shared/routes/two-factor';
import * as clock from '../clock';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { cookies } from '../plugins/cookies';
import { signInFlow } from '../plugins/two-factor-gate';
import { passkeyAuthenticationOptions } from '../services/two-factor/authenticate-passkey';
import { confirmTotpEnrollment } from '../services/two-factor/confirm-totp-enrollment';
import { disableTotp } from '../services/two-factor/disable-totp';
import { getTwoFactorStatus } from '../services/two-factor/get-two-factor-status';
import { removePasskey, renamePasskey } from '../services/two-factor/manage-passkeys';
import {
  type IssuedPendingSecondFactor,
  openCurrentPendingSecondFactor,
  restorePendingSecondFactor,
  spendPendingSecondFactor,
} from '../services/two-factor/pending-second-factor-cookie';
import { regenerateRecoveryCodes } from '../services/two-factor/regenerate-recovery-codes';
import { passkeyRegistrationOptions, registerPasskey } from '../services/two-factor/register-passkey';
import { secondFactorMethods } from '../services/two-factor/second-factor-methods';
import { signInWithPasskey } from '../services/two-factor/sign-in-with-passkey';
import { startTotpEnrollment } from '../services/two-factor/start-totp-enrollment';
import { verifySecondFactor } from '../services/two-factor/verify-second-factor';
import {
  type ChallengePurpose,
  openChallenge,
  sealChallenge,
} from '../services/two-factor/webauthn-challenge-cookie';
import { webAuthnPartyOf } from '../services/two-factor/webauthn-party';
import { registerRoute } from './register-route';

/** WebAuthn options go to the browser as the library made them. */
const asJson = (options: object) => options as Record<string, unknown>;

/**
 * Two-factor sign-in: the second step of a sign-in, a passkey-only sign-in, and the profile's
 * Security section (an authenticator app, recovery codes, passkeys).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, secret, appUrl } = deps;
  const party = webAuthnPartyOf(appUrl);
  const flow = signInFlow(deps);

  /** A challenge travels in its own signed cookie, for 5 minutes, to the /api routes that check it. */
  function setChallenge(
    reply: FastifyReply,
    purpose: ChallengePurpose,
    challenge: string,
    userId: string | null,
  ): void {
    const sealed = sealChallenge(secret, {
      purpose,
      challenge,
      userId,
      issuedAt: clock.nowMs(),
    });
    reply.setAppCookie(cookies.webAuthn, sealed);
  }
  function takeChallenge(
    request: { cookies: Record<string, string | undefined> },
    reply: FastifyReply,
    purpose: ChallengePurpose,
  ) {
    reply.clearAppCookie(cookies.webAuthn);
    return openChallenge(secret, request.cookies[cookies.webAuthn.name], purpose);
  }
  const pendingExpired = () =>
    new AppError('SECOND_FACTOR_EXPIRED', 'This sign-in has expired: sign in again from the start');
  async function pendingOf(request: {
    cookies: Record<string, string | undefined>;
  }): Promise<IssuedPendingSecondFactor> {
    const pending = await openCurrentPendingSecondFactor(
      db,
      secret,
      request.cookies[cookies.secondFactor.name],
    );
    if (!pending) throw pendingExpired();
    return pending;
  }

  // The second step of a sign-in.

  registerRoute(
    app,
    twoFactorApi.challenge,
    {
      config: { public: true },
    },
    async (request) => {
      const pending = await pendingOf(request);
      return { methods: await secondFactorMethods(db, pending.userId) };
    },
  );

  registerRoute(
    app,
    twoFactorApi.challengePasskeyOptions,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const pending = await pendingOf(request);
      const options = await passkeyAuthenticationOptions(db, party, pending.userId);
      setChallenge(reply, 'second-factor', options.challenge, pending.userId);
      return { options: asJson(options) };
    },
  );

  registerRoute(
    app,
    twoFactorApi.verify,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const pending = await pendingOf(request);
      const challenge = request.body.passkey ? takeChallenge(request, reply, 'second-factor') : null;
      // One cookie, one sign-in: a copy of it cannot open a second session with another factor.
      if (!(await spendPendingSecondFactor(db, pending))) {
        flow.clearPendingSecondFactor(reply);
        throw pendingExpired();
      }
      let method: Awaited<ReturnType<typeof verifySecondFactor>>;
      try {
        method = await verifySecondFactor(db, {
          serverSecret: secret,
          party,
          pending,
          body: request.body,
          challenge,
          ip: request.ip ?? null,
        });
      } catch (error) {
        await restorePendingSecondFactor(db, pending);
        throw error;
      }
      const account = { userId: pending.userId, organizationId: pending.organizationId };
      return flow.complete(request, reply, account, {
        persistent: pending.persistent,
        authMethods: [pending.firstFactor, method],
        ...(pending.reset ? { reset: pending.reset } : {}),
      });
    },
  );

  // A passkey alone.

  registerRoute(
    app,
    twoFactorApi.passkeySignInOptions,
    {
      config: { public: true },
    },
    async (_request, reply) => {
      const options = await passkeyAuthenticationOptions(db, party, null);
      setChallenge(reply, 'sign-in', options.challenge, null);
      return { options: asJson(options) };
    },
  );

  registerRoute(
    app,
    twoFactorApi.passkeySignIn,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const challenge = takeChallenge(request, reply, 'sign-in');
      const account = await signInWithPasskey(db, {
        party,
        challenge,
        passkey: request.body.passkey,
        ip: request.ip ?? null,
      });
      return flow.finish(request, reply, account, {
        persistent: request.body.remember,
        authMethods: ['passkey'],
      });
    },
  );

  // The profile's Security section. Setting up is open to a session whose organization requires it.

  registerRoute(
    app,
    twoFactorApi.status,
    {
      config: { twoFactorSetup: true },
    },
    async (request) => getTwoFactorStatus(contextOf(request)),
  );

  registerRoute(
    app,
    twoFactorApi.startTotp,
    {
      config: { twoFactorSetup: true },
    },
    async (request) => startTotpEnrollment(contextOf(request)),
  );

  registerRoute(
    app,
    twoFactorApi.confirmTotp,
    {
      config: { twoFactorSetup: true },
    },
    async (request) => confirmTotpEnrollment(contextOf(request), request.body.code),
  );

  registerRoute(app, twoFactorApi.disableTotp, {}, async (request, reply) => {
    await disableTotp(contextOf(request), request.body);
    return reply.status(204).send();
  });

  registerRoute(
    app,
    twoFactorApi.regenerateRecoveryCodes,
    {
      config: { twoFactorSetup: true },
    },
    async (request) => regenerateRecoveryCodes(contextOf(request)),
  );

  registerRoute(
    app,
    twoFactorApi.addPasskeyOptions,
    {
      config: { twoFactorSetup: true },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const options = await passkeyRegistrationOptions(ctx);
      setChallenge(reply, 'register', options.challenge, ctx.actor.userId);
      return { options: asJson(options) };
    },
  );

  registerRoute(
    app,
    twoFactorApi.addPasskey,
    {
      config: { twoFactorSetup: true },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      await registerPasskey(ctx, takeChallenge(request, reply, 'register'), request.body);
      return reply.status(201).send(await getTwoFactorStatus(ctx));
    },
  );

  registerRoute(app, twoFactorApi.renamePasskey, {}, async (request, reply) => {
    await renamePasskey(contextOf(request), request.params.id, request.body.name);
    return reply.status(204).send();
  });

  registerRoute(app, twoFactorApi.removePasskey, {}, async (request, reply) => {
    await removePasskey(contextOf(request), request.params.id);
    return reply.status(204).send();
  });
};
