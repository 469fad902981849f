import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUserResponseSchema,
  demoCredentialsSchema,
  emailConfirmBodySchema,
  emailConfirmedSchema,
  passwordResetCheckBodySchema,
  passwordResetCheckSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  passwordResetRequestedSchema,
  signInBodySchema,
  signUpBodySchema,
  signUpRequestedSchema,
} from '../../shared/api/auth';
import { noContentSchema } from '../../shared/api/common';
import { errorBodySchema } from '../../shared/api/error-body';
import { invitationSignUpBodySchema } from '../../shared/api/team';
import { secondFactorRequiredSchema } from '../../shared/api/two-factor';
import { AppError } from '../../shared/errors';
import { demoCredentials } from '../db/seed-demo';
import type { AppDeps } from '../deps';
import { actorOf, clearSessionCookie } from '../plugins/authentication';
import { presentCurrentUser } from '../presenters/current-user';
import { confirmEmail } from '../services/accounts/confirm-email';
import { checkPasswordReset, confirmPasswordReset } from '../services/accounts/confirm-password-reset';
import {
  passwordResetRequestedMessage,
  requestPasswordReset,
} from '../services/accounts/request-password-reset';
import { requestSignUp, signUpRequestedMessage } from '../services/accounts/request-sign-up';
import { signIn } from '../services/accounts/sign-in';
import {
  openSignUps,
  sealSignUps,
  signUpCookieName,
  signUpCookieTtlMs,
} from '../services/accounts/sign-up-cookie';
import { deleteSession } from '../services/sessions/delete-session';
import { signUpWithInvitation } from '../services/team/sign-up-with-invitation';
import { authCookiePath, signInFlow } from './sign-in-flow';

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const secure = deps.config.appUrl.protocol === 'https:';
  const tags = ['Accounts'];
  const flow = signInFlow(deps);

  /** A brand-new account (it has no second factor yet): signed in, and this browser noted as its first. */
  const startNewAccountSession = (
    request: Parameters<typeof flow.finish>[0],
    reply: Parameters<typeof flow.finish>[1],
    account: { userId: string; organizationId: string },
    authMethod: string,
  ) =>
    flow.finish(request, reply, account, { persistent: false, authMethods: [authMethod], newAccount: true });

  app.post(
    '/auth/sign-up',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Ask for an account and a new organization: a link to finish goes to the e-mail',
        description:
          'Answers the same, after the same time, whether or not the e-mail has an account: a new address gets a link that creates the account (POST /api/auth/sign-up/confirm), one with an account gets a notice to its owner.',
        body: signUpBodySchema,
        response: { 202: signUpRequestedSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const named = await requestSignUp(
        deps.db,
        { ...request.body, ip: request.ip ?? null },
        deps.accountLimits.signUpsPerAddress,
      );
      // The browser that asked may open the link without the password (see prove-sign-up-password.ts).
      // Set whether or not the address had an account (a random id then), so the answer is the same.
      const sealed = sealSignUps(deps.config.sessionSecret, named, request.cookies[signUpCookieName]);
      reply.setCookie(signUpCookieName, sealed, {
        path: authCookiePath,
        httpOnly: true,
        // Lax: the link is opened from a mail program, a cross-site navigation to the page, whose
        // confirmation is then a same-site request.
        sameSite: 'lax',
        secure,
        maxAge: signUpCookieTtlMs / 1000,
      });
      return reply.status(202).send({ message: signUpRequestedMessage });
    },
  );

  app.post(
    '/auth/sign-up/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Open an e-mailed confirmation link: finish a sign-up (and sign in) or an address change',
        description:
          'A link works once, for 24 hours. A sign-up makes the account and its organization and signs this browser in; opened in another browser than the one that asked for it, it needs the password chosen at sign-up (401 SIGN_UP_PASSWORD_REQUIRED without it, 401 INVALID_CREDENTIALS when wrong, a few tries). An address change switches the account to the new address, and only in a browser signed in to that account (401 otherwise, and the link keeps working).',
        body: emailConfirmBodySchema,
        response: {
          200: emailConfirmedSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          410: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const confirmed = await confirmEmail(
        deps.db,
        {
          token: request.body.token,
          ip: request.ip ?? null,
          signedInAs: request.actor?.userId ?? null,
          signUpIds: openSignUps(deps.config.sessionSecret, request.cookies[signUpCookieName]),
          password: request.body.password,
        },
        deps.accountLimits.passwordResetsPerAddress,
      );
      if (confirmed.purpose === 'email-change') {
        const actor = request.actor;
        const user =
          actor?.userId === confirmed.userId
            ? presentCurrentUser({ ...actor, email: confirmed.email })
            : null;
        return { purpose: confirmed.purpose, email: confirmed.email, user };
      }
      const { user } = await startNewAccountSession(request, reply, confirmed, 'email-link');
      return { purpose: confirmed.purpose, email: user.email, user };
    },
  );

  app.post(
    '/auth/sign-up/invitation',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Create the account an invitation is for, join its organization, and sign in',
        description:
          'The invitation link was mailed to the invited address, so the account is confirmed at once and joins only the inviting organization, with the invited role.',
        body: invitationSignUpBodySchema,
        response: {
          200: currentUserResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          410: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const account = await signUpWithInvitation(
        deps.db,
        { ...request.body, ip: request.ip ?? null },
        deps.accountLimits.signUpsPerAddress,
      );
      const { user } = await startNewAccountSession(request, reply, account, 'invitation-link');
      return { user };
    },
  );

  app.post(
    '/auth/sign-in',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        description:
          'When the account has a second factor, the answer is 202 with the methods it can use and no session: POST /api/auth/two-factor completes the sign-in.',
        body: signInBodySchema,
        response: {
          200: currentUserResponseSchema,
          202: secondFactorRequiredSchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const account = await signIn(deps.db, { ...request.body, ip: request.ip ?? null }, deps.accountLimits);
      const outcome = await flow.begin(request, reply, account, {
        persistent: request.body.remember,
        firstFactor: 'password',
      });
      return reply.status('user' in outcome ? 200 : 202).send(outcome);
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'E-mail a password reset link, if the address has an account',
        description:
          'Answers the same, after the same time, whether or not the e-mail has an account. The link works once, for one hour.',
        body: passwordResetRequestBodySchema,
        response: { 202: passwordResetRequestedSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(
        deps.db,
        { email: request.body.email, ip: request.ip ?? null },
        deps.accountLimits,
      );
      return reply.status(202).send({ message: passwordResetRequestedMessage });
    },
  );

  app.post(
    '/auth/password-reset/check',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Whether a password reset link still works',
        body: passwordResetCheckBodySchema,
        response: { 200: passwordResetCheckSchema, 400: errorBodySchema, 410: errorBodySchema },
      },
    },
    async (request) => {
      const { expiresAt } = await checkPasswordReset(deps.db, request.body.token);
      return { expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with a reset link, sign out everywhere, and sign in',
        description:
          'The password is set either way; when the account has a second factor the answer is 202 and the sign-in completes at POST /api/auth/two-factor.',
        body: passwordResetConfirmBodySchema,
        response: {
          200: currentUserResponseSchema,
          202: secondFactorRequiredSchema,
          400: errorBodySchema,
          410: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const account = await confirmPasswordReset(
        deps.db,
        { ...request.body, ip: request.ip ?? null },
        deps.accountLimits,
      );
      // A reset link proves the mailbox, not the person: a second factor still stands.
      const outcome = await flow.begin(request, reply, account, {
        persistent: false,
        firstFactor: 'password-reset',
      });
      return reply.status('user' in outcome ? 200 : 202).send(outcome);
    },
  );

  app.post(
    '/auth/sign-out',
    {
      config: { public: true },
      schema: { tags, summary: 'End the current session', response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      if (request.actor) await deleteSession(deps.db, request.actor.sessionId);
      clearSessionCookie(reply, secure);
      flow.clearPendingSecondFactor(reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/me',
    {
      config: { twoFactorSetup: true },
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: currentUserResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ user: presentCurrentUser(actorOf(request)) }),
  );

  app.get(
    '/demo-credentials',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The demo workspace's sign-in, answered only in demo mode",
        response: { 200: demoCredentialsSchema, 404: errorBodySchema },
      },
    },
    async () => {
      if (!deps.config.demo) throw new AppError('NOT_FOUND', 'There is no demo workspace on this server');
      return demoCredentials;
    },
  );
};
