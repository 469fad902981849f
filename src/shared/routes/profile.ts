import { idParamsSchema, noContentSchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import {
  activeSessionListSchema,
  changePasswordBodySchema,
  emailConfirmationRequestedSchema,
  endSessionsQuerySchema,
  profileSchema,
  updateProfileBodySchema,
  uploadAvatarBodySchema,
} from '../api/profile';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Profile'];

const errors = { ...resourceErrors, 429: errorBodySchema };

export const profileApi = {
  get: defineRoute({
    method: 'GET',
    path: '/profile',
    tags,
    summary: 'Your name, e-mail and avatar',
    response: { 200: profileSchema, ...errors },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/profile',
    tags,
    summary: 'Change your name, or ask to change your e-mail (needs currentPassword)',
    description:
      'A new e-mail does not apply at once: a link goes to it, and the address switches when the link is opened (pendingEmail until then). The current address gets a notice. An address another account has gets the same answer, so none can be probed; its owner gets a notice instead of a link, and the change never completes.',
    body: updateProfileBodySchema,
    response: { 200: profileSchema, ...errors },
  }),
  sendEmailVerification: defineRoute({
    method: 'POST',
    path: '/profile/email-verification',
    tags,
    summary: 'Mail a link that confirms the e-mail address the account has now',
    description: 'For accounts made before addresses were confirmed. At most 5 an hour.',
    response: { 202: emailConfirmationRequestedSchema, ...errors },
  }),
  putAvatar: defineRoute({
    method: 'PUT',
    path: '/profile/avatar',
    tags,
    summary: 'Upload your avatar: PNG, JPEG or WebP, at most 200 KB, base64',
    body: uploadAvatarBodySchema,
    response: { 200: profileSchema, ...errors },
  }),
  removeAvatar: defineRoute({
    method: 'DELETE',
    path: '/profile/avatar',
    tags,
    summary: 'Remove your avatar',
    response: { 200: profileSchema, ...errors },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/profile/password',
    tags,
    summary: 'Change your password; every other session of yours ends',
    body: changePasswordBodySchema,
    response: { 204: noContentSchema, ...errors },
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/profile/sessions',
    tags,
    summary: 'Where you are signed in: this session first',
    response: { 200: activeSessionListSchema, ...errors },
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/profile/sessions/:id',
    tags,
    summary: 'Sign one of your sessions out',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...errors },
  }),
  endOtherSessions: defineRoute({
    method: 'DELETE',
    path: '/profile/sessions',
    tags,
    summary: 'Sign out everywhere but here (others=true)',
    query: endSessionsQuerySchema,
    response: { 204: noContentSchema, ...errors },
  }),
};
