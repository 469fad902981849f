import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/api/auth';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/query-keys';

/** The signed-in user, or null when nobody is. */
export const sessionQuery = queryOptions({
  queryKey: sessionKeys.current,
  queryFn: async (): Promise<CurrentUser | null> => (await api.auth.session()).user,
  staleTime: 5 * 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** Whether the signed-in person is an admin of their organization (what admin-only screens ask). */
export function useIsAdmin(): boolean {
  return useSession().data?.role === 'admin';
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string; remember: boolean }) =>
      api.auth.signIn({ body: input }),
    // A second factor may be asked for first (202): then there is no session yet.
    onSuccess: (outcome) => {
      if (!('user' in outcome)) return;
      client.clear();
      client.setQueryData(sessionQuery.queryKey, outcome.user);
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.auth.signOut(),
    onSettled: () => {
      client.clear();
      client.setQueryData(sessionQuery.queryKey, null);
    },
  });
}

export const demoCredentialsQuery = queryOptions({
  queryKey: sessionKeys.demoCredentials,
  queryFn: async (): Promise<{ email: string; password: string } | null> =>
    (await api.auth.demoCredentials()).credentials,
  staleTime: Number.POSITIVE_INFINITY,
});
