import { currentUserResponseSchema } from '../api/auth';
import { idParamsSchema, noContentSchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import {
  changeRoleBodySchema,
  invitationTokenParamsSchema,
  invitationViewSchema,
  inviteBodySchema,
  memberParamsSchema,
  pendingInvitationSchema,
  teamMemberSchema,
  teamSchema,
} from '../api/team';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Team'];

const errors = { ...resourceErrors, 403: errorBodySchema };

export const teamApi = {
  get: defineRoute({
    method: 'GET',
    path: '/team',
    tags,
    summary: "The organization's members and its pending invitations",
    response: { 200: teamSchema, ...errors },
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/team/invitations',
    tags,
    summary: 'Invite someone by e-mail (admins); the link works for 7 days',
    body: inviteBodySchema,
    response: { 201: pendingInvitationSchema, ...errors },
  }),
  revokeInvitation: defineRoute({
    method: 'DELETE',
    path: '/team/invitations/:id',
    tags,
    summary: 'Revoke an invitation (admins): its link stops working',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...errors, 410: errorBodySchema },
  }),
  updateMember: defineRoute({
    method: 'PATCH',
    path: '/team/members/:userId',
    tags,
    summary: "Change a member's role (admins); the last admin cannot be demoted",
    params: memberParamsSchema,
    body: changeRoleBodySchema,
    response: { 200: teamMemberSchema, ...errors },
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/team/members/:userId',
    tags,
    summary: 'Remove a member (admins) and end their sessions here; never the last admin',
    params: memberParamsSchema,
    response: { 204: noContentSchema, ...errors },
  }),
  invitation: defineRoute({
    method: 'GET',
    path: '/invitations/:token',
    tags,
    summary: 'What an invitation link is: who invites whom to which organization, and whether it works',
    params: invitationTokenParamsSchema,
    response: { 200: invitationViewSchema, 400: errorBodySchema, 404: errorBodySchema },
  }),
  acceptInvitation: defineRoute({
    method: 'POST',
    path: '/invitations/:token/accept',
    tags,
    summary: "Accept an invitation with the invited e-mail's account, and switch to that organization",
    params: invitationTokenParamsSchema,
    response: { 200: currentUserResponseSchema, ...errors, 410: errorBodySchema },
  }),
};
