import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi } from '../../shared/routes/auth';
import { demoCredentials } from '../demo/seed-demo';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { cookies } from '../plugins/cookies';
import { signInFlow } from '../plugins/two-factor-gate';
import { presentCurrentUser } from '../presenters/current-user';
import { confirmEmail } from '../services/accounts/confirm-email';
import { checkPasswordReset, preparePasswordReset } from '../services/accounts/confirm-password-reset';
import {
  passwordResetRequestedMessage,
  requestPasswordReset,
} from '../services/accounts/request-password-reset';
import { requestSignUp, signUpRequestedMessage } from '../services/accounts/request-sign-up';
import { signIn } from '../services/accounts/sign-in';
import { openSignUps, sealSignUps } from '../services/accounts/sign-up-cookie';
import { deleteSession } from '../services/sessions/delete-session';
import { signUpWithInvitation } from '../services/team/sign-up-with-invitation';
import { registerRoute } from './register-route';

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const flow = signInFlow(deps);

  /** A brand-new account (it has no second factor yet): signed in, and this browser noted as its first. */
  const startNewAccountSession = (
    request: Parameters<typeof flow.finish>[0],
    reply: Parameters<typeof flow.finish>[1],
    account: { userId: string; organizationId: string },
    authMethod: string,
  ) =>
    flow.finish(request, reply, account, { persistent: false, authMethods: [authMethod], newAccount: true });

  registerRoute(
    app,
    authApi.signUp,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const named = await requestSignUp(
        deps.db,
        { ...request.body, ip: request.ip ?? null },
        deps.accountLimits.signUpsPerAddress,
      );
      // The browser that asked may open the link without the password (see prove-sign-up-password.ts).
      // Set whether or not the address had an account (a random id then), so the answer is the same.
      const sealed = sealSignUps(deps.secret, named, request.cookies[cookies.signUp.name]);
      reply.setAppCookie(cookies.signUp, sealed);
      return reply.status(202).send({ message: signUpRequestedMessage });
    },
  );

  registerRoute(
    app,
    authApi.confirmSignUp,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const confirmed = await confirmEmail(
        deps.db,
        {
          token: request.body.token,
          ip: request.ip ?? null,
          signedInAs: request.actor?.userId ?? null,
          signUpIds: openSignUps(deps.secret, request.cookies[cookies.signUp.name]),
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

  registerRoute(
    app,
    authApi.signUpWithInvitation,
    {
      config: { public: true },
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

  registerRoute(
    app,
    authApi.signIn,
    {
      config: { public: true },
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

  registerRoute(
    app,
    authApi.requestPasswordReset,
    {
      config: { public: true },
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

  registerRoute(
    app,
    authApi.checkPasswordReset,
    {
      config: { public: true },
    },
    async (request) => checkPasswordReset(deps.db, request.body.token),
  );

  registerRoute(
    app,
    authApi.confirmPasswordReset,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const { account, reset } = await preparePasswordReset(
        deps.db,
        { ...request.body, ip: request.ip ?? null },
        deps.accountLimits,
      );
      // A reset link proves the mailbox, not the person: with a second factor nothing changes
      // (password, sessions, tokens) until it is given at POST /api/auth/two-factor.
      const outcome = await flow.begin(request, reply, account, {
        persistent: false,
        firstFactor: 'password-reset',
        reset,
      });
      return reply.status('user' in outcome ? 200 : 202).send(outcome);
    },
  );

  registerRoute(
    app,
    authApi.signOut,
    {
      config: { public: true },
    },
    async (request, reply) => {
      if (request.actor) await deleteSession(deps.db, request.actor.sessionId);
      reply.clearAppCookie(cookies.session);
      flow.clearPendingSecondFactor(reply);
      return reply.status(204).send();
    },
  );

  registerRoute(
    app,
    authApi.me,
    {
      config: { twoFactorSetup: true },
    },
    async (request) => ({ user: presentCurrentUser(actorOf(request)) }),
  );

  // The web app asks on every first load, signed in or not: a visitor on /login is not an error.
  registerRoute(
    app,
    authApi.session,
    {
      config: { public: true },
    },
    async (request) => ({ user: request.actor ? presentCurrentUser(request.actor) : null }),
  );

  registerRoute(
    app,
    authApi.demoCredentials,
    {
      config: { public: true },
    },
    // Asked by /login on every visit: a server without a demo answers null, not an error.
    async () => ({ credentials: deps.demo ? demoCredentials : null }),
  );
};
