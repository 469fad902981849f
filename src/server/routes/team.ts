import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamApi } from '../../shared/routes/team';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { cookies } from '../plugins/cookies';
import { presentCurrentUser } from '../presenters/current-user';
import { acceptInvitation } from '../services/team/accept-invitation';
import { changeMemberRole } from '../services/team/change-member-role';
import { getInvitation } from '../services/team/get-invitation';
import { inviteMember } from '../services/team/invite-member';
import { getMember, getPendingInvitation, listTeam } from '../services/team/list-team';
import { removeMember } from '../services/team/remove-member';
import { revokeInvitation } from '../services/team/revoke-invitation';
import { registerRoute } from './register-route';

export const teamRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  registerRoute(app, teamApi.get, {}, async (request) => listTeam(contextOf(request)));

  registerRoute(app, teamApi.invite, {}, async (request, reply) => {
    const ctx = contextOf(request);
    const { id } = await inviteMember(ctx, request.body);
    return reply.status(201).send(await getPendingInvitation(ctx, id));
  });

  registerRoute(app, teamApi.revokeInvitation, {}, async (request, reply) => {
    await revokeInvitation(contextOf(request), request.params.id);
    return reply.status(204).send();
  });

  registerRoute(app, teamApi.updateMember, {}, async (request) => {
    const ctx = contextOf(request);
    await changeMemberRole(ctx, { userId: request.params.userId, ...request.body });
    return getMember(ctx, request.params.userId);
  });

  registerRoute(app, teamApi.removeMember, {}, async (request, reply) => {
    const { self } = await removeMember(contextOf(request), request.params);
    // Whoever removed themselves has no session left here.
    if (self) reply.clearAppCookie(cookies.session);
    return reply.status(204).send();
  });

  registerRoute(
    app,
    teamApi.invitation,
    {
      config: { public: true },
    },
    async (request) => getInvitation(db, request.params),
  );

  registerRoute(app, teamApi.acceptInvitation, {}, async (request) => ({
    user: presentCurrentUser(await acceptInvitation(contextOf(request), request.params)),
  }));
};
