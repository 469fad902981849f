import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, noContentSchema } from '../../shared/api/common';
import { errorBodySchema } from '../../shared/api/error-body';
import {
  activeSessionListSchema,
  changePasswordBodySchema,
  emailConfirmationRequestedSchema,
  endSessionsQuerySchema,
  profileSchema,
  updateProfileBodySchema,
  uploadAvatarBodySchema,
} from '../../shared/api/profile';
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
import { resourceErrors } from './error-responses';

const errors = { ...resourceErrors, 429: errorBodySchema };

export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, accountLimits }) => {
  const tags = ['Profile'];
  const secure = config.appUrl.protocol === 'https:';

  app.get(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Your name, e-mail and avatar',
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => getProfile(db, actorOf(request)),
  );

  app.patch(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Change your name, or ask to change your e-mail (needs currentPassword)',
        description:
          'A new e-mail does not apply at once: a link goes to it, and the address switches when the link is opened (pendingEmail until then). The current address gets a notice. An address another account has gets the same answer, so none can be probed; its owner gets a notice instead of a link, and the change never completes.',
        body: updateProfileBodySchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => updateProfile(db, actorOf(request), request.body, accountLimits),
  );

  app.post(
    '/profile/email-verification',
    {
      schema: {
        tags,
        summary: 'Mail a link that confirms the e-mail address the account has now',
        description: 'For accounts made before addresses were confirmed. At most 5 an hour.',
        response: { 202: emailConfirmationRequestedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email } = await requestEmailConfirmation(db, actorOf(request));
      return reply.status(202).send({
        email,
        message: `We sent a link to ${email}. Open it to confirm the address; it works for 24 hours.`,
      });
    },
  );

  app.put(
    '/profile/avatar',
    {
      bodyLimit: 400_000,
      schema: {
        tags,
        summary: 'Upload your avatar: PNG, JPEG or WebP, at most 200 KB, base64',
        body: uploadAvatarBodySchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => setAvatar(db, actorOf(request), request.body),
  );

  app.delete(
    '/profile/avatar',
    {
      schema: {
        tags,
        summary: 'Remove your avatar',
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => removeAvatar(db, actorOf(request)),
  );

  app.post(
    '/profile/password',
    {
      schema: {
        tags,
        summary: 'Change your password; every other session of yours ends',
        body: changePasswordBodySchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await changePassword(db, actorOf(request), request.body, accountLimits);
      return reply.status(204).send();
    },
  );

  app.get(
    '/profile/sessions',
    {
      schema: {
        tags,
        summary: 'Where you are signed in: this session first',
        response: { 200: activeSessionListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listSessions(db, actorOf(request)) }),
  );

  app.delete(
    '/profile/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign one of your sessions out',
        params: idParamsSchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { current } = await endSession(db, actorOf(request), request.params.id);
      if (current) clearSessionCookie(reply, secure);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/profile/sessions',
    {
      schema: {
        tags,
        summary: 'Sign out everywhere but here (others=true)',
        querystring: endSessionsQuerySchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await endOtherSessions(db, actorOf(request));
      return reply.status(204).send();
    },
  );
};
