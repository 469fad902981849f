import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileApi } from '../../shared/routes/profile';
import type { AppDeps } from '../deps';
import { actorOf, clearSessionCookie } from '../plugins/authentication';
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

export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, accountLimits }) => {
  const secure = config.appUrl.protocol === 'https:';

  registerRoute(app, profileApi.get, {}, async (request) => getProfile(db, actorOf(request)));

  registerRoute(app, profileApi.update, {}, async (request) =>
    updateProfile(db, actorOf(request), request.body, accountLimits),
  );

  registerRoute(app, profileApi.sendEmailVerification, {}, async (request, reply) => {
    const { email } = await requestEmailConfirmation(db, actorOf(request));
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
    async (request) => setAvatar(db, actorOf(request), request.body),
  );

  registerRoute(app, profileApi.removeAvatar, {}, async (request) => removeAvatar(db, actorOf(request)));

  registerRoute(app, profileApi.changePassword, {}, async (request, reply) => {
    await changePassword(db, actorOf(request), request.body, accountLimits);
    return reply.status(204).send();
  });

  registerRoute(app, profileApi.sessions, {}, async (request) => ({
    items: await listSessions(db, actorOf(request)),
  }));

  registerRoute(app, profileApi.endSession, {}, async (request, reply) => {
    const { current } = await endSession(db, actorOf(request), request.params.id);
    if (current) clearSessionCookie(reply, secure);
    return reply.status(204).send();
  });

  registerRoute(app, profileApi.endOtherSessions, {}, async (request, reply) => {
    await endOtherSessions(db, actorOf(request));
    return reply.status(204).send();
  });
};
