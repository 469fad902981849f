import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserResponseSchema } from '../../shared/api/auth';
import { idParamsSchema, noContentSchema } from '../../shared/api/common';
import { errorBodySchema } from '../../shared/api/error-body';
import {
  confirmTotpBodySchema,
  disableTotpBodySchema,
  passkeySignInBodySchema,
  pendingSecondFactorSchema,
  recoveryCodesSchema,
  registerPasskeyBodySchema,
  renamePasskeyBodySchema,
  secondFactorBodySchema,
  totpEnrollmentSchema,
  twoFactorStatusSchema,
  webAuthnOptionsSchema,
} from '../../shared/api/two-factor';
import { AppError } from '../../shared/errors';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { passkeyAuthenticationOptions } from '../services/two-factor/authenticate-passkey';
import { confirmTotpEnrollment } from '../services/two-factor/confirm-totp-enrollment';
import { disableTotp } from '../services/two-factor/disable-totp';
import { getTwoFactorStatus } from '../services/two-factor/get-two-factor-status';
import { removePasskey, renamePasskey } from '../services/two-factor/manage-passkeys';
import {
  type IssuedPendingSecondFactor,
  openCurrentPendingSecondFactor,
  pendingSecondFactorCookieName,
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
  webAuthnChallengeTtlMs,
  webAuthnCookieName,
} from '../services/two-factor/webauthn-challenge-cookie';
import { webAuthnPartyOf } from '../services/two-factor/webauthn-party';
import { resourceErrors } from './error-responses';
import { signInFlow } from './sign-in-flow';

const errors = { ...resourceErrors, 429: errorBodySchema };

/** WebAuthn options go to the browser as the library made them. */
const asJson = (options: object) => options as Record<string, unknown>;

/**
 * Two-factor sign-in: the second step of a sign-in, a passkey-only sign-in, and the profile's
 * Security section (an authenticator app, recovery codes, passkeys).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, accountLimits } = deps;
  const secure = config.appUrl.protocol === 'https:';
  const party = webAuthnPartyOf(config.appUrl);
  const flow = signInFlow(deps);
  const tags = ['Accounts'];
  const profileTags = ['Profile'];

  /** A challenge travels in its own signed cookie, for 5 minutes, to the /api routes that check it. */
  function setChallenge(
    reply: FastifyReply,
    purpose: ChallengePurpose,
    challenge: string,
    userId: string | null,
  ): void {
    const sealed = sealChallenge(config.sessionSecret, { purpose, challenge, userId, issuedAt: Date.now() });
    reply.setCookie(webAuthnCookieName, sealed, {
      path: '/api',
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: webAuthnChallengeTtlMs / 1000,
    });
  }
  function takeChallenge(
    request: { cookies: Record<string, string | undefined> },
    reply: FastifyReply,
    purpose: ChallengePurpose,
  ) {
    reply.clearCookie(webAuthnCookieName, { path: '/api', httpOnly: true, sameSite: 'strict', secure });
    return openChallenge(config.sessionSecret, request.cookies[webAuthnCookieName], purpose);
  }
  const pendingExpired = () =>
    new AppError('SECOND_FACTOR_EXPIRED', 'This sign-in has expired: sign in again from the start');
  async function pendingOf(request: {
    cookies: Record<string, string | undefined>;
  }): Promise<IssuedPendingSecondFactor> {
    const pending = await openCurrentPendingSecondFactor(
      db,
      config.sessionSecret,
      request.cookies[pendingSecondFactorCookieName],
    );
    if (!pending) throw pendingExpired();
    return pending;
  }

  // The second step of a sign-in.

  app.get(
    '/auth/two-factor',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The second factors the sign-in in progress can use',
        response: { 200: pendingSecondFactorSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const pending = await pendingOf(request);
      return { methods: await secondFactorMethods(db, pending.userId) };
    },
  );

  app.post(
    '/auth/two-factor/passkey-options',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Ask for one of the signing-in account's passkeys",
        response: { 200: webAuthnOptionsSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const pending = await pendingOf(request);
      const options = await passkeyAuthenticationOptions(db, party, pending.userId);
      setChallenge(reply, 'second-factor', options.challenge, pending.userId);
      return { options: asJson(options) };
    },
  );

  app.post(
    '/auth/two-factor',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Complete a sign-in with the second factor: a code, a recovery code or a passkey',
        body: secondFactorBodySchema,
        response: {
          200: currentUserResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
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
          serverSecret: config.sessionSecret,
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
      return flow.finish(request, reply, account, {
        persistent: pending.persistent,
        authMethods: [pending.firstFactor, method],
      });
    },
  );

  // A passkey alone.

  app.post(
    '/auth/passkey/options',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Ask the browser for any passkey made for Pactum',
        response: { 200: webAuthnOptionsSchema },
      },
    },
    async (_request, reply) => {
      const options = await passkeyAuthenticationOptions(db, party, null);
      setChallenge(reply, 'sign-in', options.challenge, null);
      return { options: asJson(options) };
    },
  );

  app.post(
    '/auth/passkey',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with a passkey (it stands for both factors)',
        body: passkeySignInBodySchema,
        response: {
          200: currentUserResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
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

  app.get(
    '/profile/two-factor',
    {
      config: { twoFactorSetup: true },
      schema: {
        tags: profileTags,
        summary: 'Your authenticator app, passkeys and recovery codes left',
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    async (request) => getTwoFactorStatus(db, actorOf(request)),
  );

  app.post(
    '/profile/two-factor/totp',
    {
      config: { twoFactorSetup: true },
      schema: {
        tags: profileTags,
        summary: 'Start setting up an authenticator app: a new secret and its QR code',
        response: { 200: totpEnrollmentSchema, ...errors },
      },
    },
    async (request) => startTotpEnrollment(db, config.sessionSecret, actorOf(request)),
  );

  app.post(
    '/profile/two-factor/totp/confirm',
    {
      config: { twoFactorSetup: true },
      schema: {
        tags: profileTags,
        summary: 'Turn the app on with a code it shows; answers the recovery codes, once',
        body: confirmTotpBodySchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => confirmTotpEnrollment(db, config.sessionSecret, actorOf(request), request.body.code),
  );

  app.post(
    '/profile/two-factor/totp/disable',
    {
      schema: {
        tags: profileTags,
        summary: 'Turn the authenticator app off (needs the current password or a code)',
        body: disableTotpBodySchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await disableTotp(db, config.sessionSecret, actorOf(request), request.body, accountLimits);
      return reply.status(204).send();
    },
  );

  app.post(
    '/profile/two-factor/recovery-codes',
    {
      config: { twoFactorSetup: true },
      schema: {
        tags: profileTags,
        summary: 'Ten new recovery codes, shown once; the old ones stop working',
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => regenerateRecoveryCodes(db, config.sessionSecret, actorOf(request)),
  );

  app.post(
    '/profile/passkeys/options',
    {
      config: { twoFactorSetup: true },
      schema: {
        tags: profileTags,
        summary: 'Options for the browser to make a new passkey',
        response: { 200: webAuthnOptionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const options = await passkeyRegistrationOptions(db, party, actor);
      setChallenge(reply, 'register', options.challenge, actor.userId);
      return { options: asJson(options) };
    },
  );

  app.post(
    '/profile/passkeys',
    {
      config: { twoFactorSetup: true },
      schema: {
        tags: profileTags,
        summary: 'Keep the passkey the browser made, under a name',
        body: registerPasskeyBodySchema,
        response: { 201: twoFactorStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await registerPasskey(db, party, actor, takeChallenge(request, reply, 'register'), request.body);
      return reply.status(201).send(await getTwoFactorStatus(db, actor));
    },
  );

  app.patch(
    '/profile/passkeys/:id',
    {
      schema: {
        tags: profileTags,
        summary: 'Rename a passkey',
        params: idParamsSchema,
        body: renamePasskeyBodySchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await renamePasskey(db, actorOf(request), request.params.id, request.body.name);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/profile/passkeys/:id',
    {
      schema: {
        tags: profileTags,
        summary: 'Remove a passkey',
        params: idParamsSchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await removePasskey(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
