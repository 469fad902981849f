import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileApi } from '../../shared/routes/profile';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { cookies } from '../plugins/cookies';
import { changePassword } from '../services/profile/change-password';
import { endOtherSessions } from '../services/profile/end-other-sessions';
import { endSession } from '../services/profile/end-session';
import { getProfile } from '../services/profile/get-profile';
import { listSessions } from '../services/profile/list-sessions';
import { removeAvatar } from '../services/profile/remove-avatar';
import { requestEmailConfirmation } from '../services/profile/request-email-confirmation';
import { setAvatar } from '../services/profile/set-avatar';
import { updateProfile } from '../services/profile/update-profile';
import { registerRoute } from './register-route';

export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, profileApi.get, {}, async (request) => getProfile(contextOf(request)));

  registerRoute(app, profileApi.update, {}, async (request) => {
    const ctx = contextOf(request);
    await updateProfile(ctx, request.body);
    return getProfile(ctx);
  });

  registerRoute(app, profileApi.sendEmailVerification, {}, async (request, reply) => {
    const { email } = await requestEmailConfirmation(contextOf(request));
    return reply.status(202).send({
      email,
      message: `We sent a link to ${email}. Open it to confirm the address; it works for 24 hours.`,
    });
  });

  registerRoute(
    app,
    profileApi.putAvatar,
    {
      bodyLimit: 400_000,
    },
    async (request) => {
      const ctx = contextOf(request);
      await setAvatar(ctx, request.body);
      return getProfile(ctx);
    },
  );

  registerRoute(app, profileApi.removeAvatar, {}, async (request) => {
    const ctx = contextOf(request);
    await removeAvatar(ctx);
    return getProfile(ctx);
  });

  registerRoute(app, profileApi.changePassword, {}, async (request, reply) => {
    await changePassword(contextOf(request), request.body);
    return reply.status(204).send();
  });

  registerRoute(app, profileApi.sessions, {}, async (request) => ({
    items: await listSessions(contextOf(request)),
  }));

  registerRoute(app, profileApi.endSession, {}, async (request, reply) => {
    const { current } = await endSession(contextOf(request), request.params.id);
    if (current) reply.clearAppCookie(cookies.session);
    return reply.status(204).send();
  });

  registerRoute(app, profileApi.endOtherSessions, {}, async (request, reply) => {
    await endOtherSessions(contextOf(request));
    return reply.status(204).send();
  });
};
