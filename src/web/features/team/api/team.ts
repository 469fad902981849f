import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, Role } from '../../../../shared/api/auth';
import type { InvitationView, PendingInvitation, Team, TeamMember } from '../../../../shared/api/team';
import { AppError } from '../../../../shared/errors';
import { apiRequest, postJson } from '../../../lib/api-client';
import { sessionQuery } from '../../auth/api/session';

export const teamQuery = queryOptions({
  queryKey: ['team'],
  queryFn: () => apiRequest<Team>('/team'),
});

function useRefreshTeam() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: teamQuery.queryKey });
}

export function useInvite() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (input: { email: string; role: Role }) =>
      postJson<PendingInvitation>('/team/invitations', input),
    onSuccess: refresh,
  });
}

export function useRevokeInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/team/invitations/${id}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      postJson<TeamMember>(`/team/members/${userId}`, { role }, 'PATCH'),
    onSettled: refresh,
    // Your own role decides what the app shows you.
    onSuccess: (member) => {
      if (member.you) void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}

export function useRemoveMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<void>(`/team/members/${userId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** An invitation link, or null when the link is not valid (unknown token). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: async (): Promise<InvitationView | null> => {
      try {
        return await apiRequest<InvitationView>(`/invitations/${encodeURIComponent(token)}`);
      } catch (error) {
        if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'INVALID_INPUT'))
          return null;
        throw error;
      }
    },
    retry: false,
  });

/** Joins the organization; the app starts over in it with a clean cache. */
export function useAcceptInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => postJson<{ user: CurrentUser }>(`/invitations/${encodeURIComponent(token)}/accept`, {}),
    onSuccess: ({ user }) => {
      client.clear();
      client.setQueryData(sessionQuery.queryKey, user);
    },
  });
}

/** Creates the invited person's account from the invitation (confirmed by the link) and signs in. */
export function useSignUpWithInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; password: string }) =>
      postJson<{ user: CurrentUser }>('/auth/sign-up/invitation', { token, ...input }),
    onSuccess: ({ user }) => {
      client.clear();
      client.setQueryData(sessionQuery.queryKey, user);
    },
  });
}
