import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActiveSession,
  ChangePasswordInput,
  Profile,
  UpdateProfileInput,
  UploadAvatarInput,
} from '../../../../shared/api/profile';
import { apiRequest, postJson } from '../../../lib/api-client';
import { sessionQuery } from '../../auth/api/session';

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: () => apiRequest<Profile>('/profile'),
});

export function useProfile() {
  return useQuery(profileQuery);
}

export const activeSessionsQuery = queryOptions({
  queryKey: ['profile', 'sessions'],
  queryFn: async () => (await apiRequest<{ items: ActiveSession[] }>('/profile/sessions')).items,
});

export function useActiveSessions() {
  return useQuery(activeSessionsQuery);
}

/** The answer goes into the profile and into the session's user, so the top bar changes at once. */
function storeProfile(client: QueryClient, profile: Profile) {
  client.setQueryData(profileQuery.queryKey, profile);
  client.setQueryData(sessionQuery.queryKey, (user) => (user ? { ...user, ...profile } : user));
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => postJson<Profile>('/profile', input, 'PATCH'),
    onSuccess: (profile) => storeProfile(client, profile),
  });
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadAvatarInput) => postJson<Profile>('/profile/avatar', input, 'PUT'),
    onSuccess: (profile) => storeProfile(client, profile),
  });
}

export function useRemoveAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Profile>('/profile/avatar', { method: 'DELETE' }),
    onSuccess: (profile) => storeProfile(client, profile),
  });
}

/** Every other session ends with a new password: the list is fetched again. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => postJson<void>('/profile/password', input),
    onSuccess: () => client.invalidateQueries({ queryKey: activeSessionsQuery.queryKey }),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/profile/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) =>
      client.setQueryData(activeSessionsQuery.queryKey, (list) => list?.filter((item) => item.id !== id)),
    onSettled: () => client.invalidateQueries({ queryKey: activeSessionsQuery.queryKey }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/profile/sessions?others=true', { method: 'DELETE' }),
    onSuccess: () =>
      client.setQueryData(activeSessionsQuery.queryKey, (list) => list?.filter((item) => item.current)),
    onSettled: () => client.invalidateQueries({ queryKey: activeSessionsQuery.queryKey }),
  });
}
