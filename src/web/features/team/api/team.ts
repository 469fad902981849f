import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, Role } from '../../../../shared/api/auth';
import type { InvitationView } from '../../../../shared/api/team';
import { AppError } from '../../../../shared/errors';
import { api } from '../../../lib/api';
import { sessionKeys, teamKeys } from '../../../lib/query-keys';

export const teamQuery = queryOptions({
  queryKey: teamKeys.all,
  queryFn: () => api.team.get(),
});

function useRefreshTeam() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: teamQuery.queryKey });
}

export function useInvite() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (input: { email: string; role: Role }) => api.team.invite({ body: input }),
    onSuccess: refresh,
  });
}

export function useRevokeInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (id: string) => api.team.revokeInvitation({ params: { id } }),
    onSettled: refresh,
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      api.team.updateMember({ params: { userId }, body: { role } }),
    onSettled: refresh,
    // Your own role decides what the app shows you.
    onSuccess: (member) => {
      if (member.you) void client.invalidateQueries({ queryKey: sessionKeys.current });
    },
  });
}

export function useRemoveMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (userId: string) => api.team.removeMember({ params: { userId } }),
    onSuccess: refresh,
  });
}

/** An invitation link, or null when the link is not valid (unknown token). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: teamKeys.invitation(token),
    queryFn: async (): Promise<InvitationView | null> => {
      try {
        return await api.team.invitation({ params: { token } });
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
    mutationFn: () => api.team.acceptInvitation({ params: { token } }),
    onSuccess: ({ user }) => {
      client.clear();
      client.setQueryData<CurrentUser | null>(sessionKeys.current, user);
    },
  });
}

/** Creates the invited person's account from the invitation (confirmed by the link) and signs in. */
export function useSignUpWithInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; password: string }) =>
      api.auth.signUpWithInvitation({ body: { token, ...input } }),
    onSuccess: ({ user }) => {
      client.clear();
      client.setQueryData<CurrentUser | null>(sessionKeys.current, user);
    },
  });
}
