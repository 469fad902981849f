import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/api/auth';
import type {
  ChangePasswordInput,
  Profile,
  UpdateProfileInput,
  UploadAvatarInput,
} from '../../../../shared/api/profile';
import { api } from '../../../lib/api';
import { profileKeys, sessionKeys } from '../../../lib/query-keys';

export const profileQuery = queryOptions({
  queryKey: profileKeys.all,
  queryFn: () => api.profile.get(),
});

export function useProfile() {
  return useQuery(profileQuery);
}

export const activeSessionsQuery = queryOptions({
  queryKey: profileKeys.sessions(),
  queryFn: async () => (await api.profile.sessions()).items,
});

export function useActiveSessions() {
  return useQuery(activeSessionsQuery);
}

/** The answer goes into the profile and into the session's user, so the top bar changes at once. */
function storeProfile(client: QueryClient, profile: Profile) {
  client.setQueryData(profileQuery.queryKey, profile);
  client.setQueryData<CurrentUser | null>(sessionKeys.current, (user) =>
    user ? { ...user, ...profile } : user,
  );
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api.profile.update({ body: input }),
    onSuccess: (profile) => storeProfile(client, profile),
  });
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadAvatarInput) => api.profile.putAvatar({ body: input }),
    onSuccess: (profile) => storeProfile(client, profile),
  });
}

export function useRemoveAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.profile.removeAvatar(),
    onSuccess: (profile) => storeProfile(client, profile),
  });
}

/** Every other session ends with a new password: the list is fetched again. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.profile.changePassword({ body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: activeSessionsQuery.queryKey }),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.profile.endSession({ params: { id } }),
    onSuccess: (_, id) =>
      client.setQueryData(activeSessionsQuery.queryKey, (list) => list?.filter((item) => item.id !== id)),
    onSettled: () => client.invalidateQueries({ queryKey: activeSessionsQuery.queryKey }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.profile.endOtherSessions({ query: { others: 'true' } }),
    onSuccess: () =>
      client.setQueryData(activeSessionsQuery.queryKey, (list) => list?.filter((item) => item.current)),
    onSettled: () => client.invalidateQueries({ queryKey: activeSessionsQuery.queryKey }),
  });
}
