import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserResponseSchema } from '../../shared/api/auth';
import { idParamsSchema, noContentSchema } from '../../shared/api/common';
import { errorBodySchema } from '../../shared/api/error-body';
import {
  changeRoleBodySchema,
  invitationTokenParamsSchema,
  invitationViewSchema,
  inviteBodySchema,
  memberParamsSchema,
  pendingInvitationSchema,
  teamMemberSchema,
  teamSchema,
} from '../../shared/api/team';
import type { AppDeps } from '../deps';
import { actorOf, clearSessionCookie } from '../plugins/authentication';
import { presentCurrentUser } from '../presenters/current-user';
import { acceptInvitation } from '../services/team/accept-invitation';
import { changeMemberRole } from '../services/team/change-member-role';
import { getInvitation } from '../services/team/get-invitation';
import { inviteMember } from '../services/team/invite-member';
import { listTeam } from '../services/team/list-team';
import { removeMember } from '../services/team/remove-member';
import { revokeInvitation } from '../services/team/revoke-invitation';
import { resourceErrors } from './error-responses';

const errors = { ...resourceErrors, 403: errorBodySchema };

export const teamRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const tags = ['Team'];
  const secure = config.appUrl.protocol === 'https:';

  app.get(
    '/team',
    {
      schema: {
        tags,
        summary: "The organization's members and its pending invitations",
        response: { 200: teamSchema, ...errors },
      },
    },
    async (request) => listTeam(db, actorOf(request)),
  );

  app.post(
    '/team/invitations',
    {
      schema: {
        tags,
        summary: 'Invite someone by e-mail (admins); the link works for 7 days',
        body: inviteBodySchema,
        response: { 201: pendingInvitationSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteMember(db, actorOf(request), request.body)),
  );

  app.delete(
    '/team/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an invitation (admins): its link stops working',
        params: idParamsSchema,
        response: { 204: noContentSchema, ...errors, 410: errorBodySchema },
      },
    },
    async (request, reply) => {
      await revokeInvitation(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/team/members/:userId',
    {
      schema: {
        tags,
        summary: "Change a member's role (admins); the last admin cannot be demoted",
        params: memberParamsSchema,
        body: changeRoleBodySchema,
        response: { 200: teamMemberSchema, ...errors },
      },
    },
    async (request) =>
      changeMemberRole(db, actorOf(request), { userId: request.params.userId, ...request.body }),
  );

  app.delete(
    '/team/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member (admins) and end their sessions here; never the last admin',
        params: memberParamsSchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { self } = await removeMember(db, actorOf(request), request.params);
      // Whoever removed themselves has no session left here.
      if (self) clearSessionCookie(reply, secure);
      return reply.status(204).send();
    },
  );

  app.get(
    '/invitations/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'What an invitation link is: who invites whom to which organization, and whether it works',
        params: invitationTokenParamsSchema,
        response: { 200: invitationViewSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getInvitation(db, request.params),
  );

  app.post(
    '/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: "Accept an invitation with the invited e-mail's account, and switch to that organization",
        params: invitationTokenParamsSchema,
        response: { 200: currentUserResponseSchema, ...errors, 410: errorBodySchema },
      },
    },
    async (request) => ({
      user: presentCurrentUser(await acceptInvitation(db, actorOf(request), request.params)),
    }),
  );
};
