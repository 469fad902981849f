import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUserResponseSchema,
  demoCredentialsSchema,
  passwordResetCheckBodySchema,
  passwordResetCheckSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  passwordResetRequestedSchema,
  signInBodySchema,
  signUpBodySchema,
} from '../../shared/api/auth';
import { noContentSchema } from '../../shared/api/common';
import { errorBodySchema } from '../../shared/api/error-body';
import { AppError } from '../../shared/errors';
import { demoCredentials } from '../db/seed-demo';
import type { AppDeps } from '../deps';
import { actorOf, clearSessionCookie, requestOrigin, setSessionCookie } from '../plugins/authentication';
import { presentCurrentUser } from '../presenters/current-user';
import { checkPasswordReset, confirmPasswordReset } from '../services/accounts/confirm-password-reset';
import {
  passwordResetRequestedMessage,
  requestPasswordReset,
} from '../services/accounts/request-password-reset';
import { signIn } from '../services/accounts/sign-in';
import { signUp } from '../services/accounts/sign-up';
import { createSession } from '../services/sessions/create-session';
import { deleteSession } from '../services/sessions/delete-session';
import { findSessionActor } from '../services/sessions/find-session-actor';

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const secure = deps.config.appUrl.protocol === 'https:';
  const tags = ['Accounts'];

  async function startSession(
    request: Parameters<typeof requestOrigin>[0],
    account: { userId: string; organizationId: string },
    persistent: boolean,
  ) {
    // A sign-in replaces the session the browser had, rather than leaving it valid beside the new one.
    if (request.actor) await deleteSession(deps.db, request.actor.sessionId);
    const origin = requestOrigin(request);
    const session = await createSession(deps.db, {
      secret: deps.config.sessionSecret,
      ...account,
      persistent,
      ...origin,
    });
    const actor = await findSessionActor(deps.db, {
      secret: deps.config.sessionSecret,
      token: session.token,
      ...origin,
    });
    if (!actor) throw new Error('A session just created could not be found');
    return { session, user: presentCurrentUser(actor) };
  }

  app.post(
    '/auth/sign-up',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Create an account and a new organization, and sign in',
        body: signUpBodySchema,
        response: {
          201: currentUserResponseSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const account = await signUp(deps.db, request.body, {
        ip: request.ip ?? null,
        rule: deps.accountLimits.signUpsPerAddress,
      });
      const { session, user } = await startSession(request, account, false);
      setSessionCookie(reply, session, secure);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/auth/sign-in',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: signInBodySchema,
        response: { 200: currentUserResponseSchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const account = await signIn(deps.db, { ...request.body, ip: request.ip ?? null }, deps.accountLimits);
      const { session, user } = await startSession(request, account, request.body.remember);
      setSessionCookie(reply, session, secure);
      return { user };
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
        body: passwordResetConfirmBodySchema,
        response: {
          200: currentUserResponseSchema,
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
      const { session, user } = await startSession(request, account, false);
      setSessionCookie(reply, session, secure);
      return { user };
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
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/me',
    {
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
