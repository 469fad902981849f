import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/api/auth';
import { AppError } from '../../../../shared/errors';
import { postJson } from '../../../lib/api-client';
import { sessionQuery } from './session';

type SignedIn = { user: CurrentUser };

/** Starts with a clean cache holding only the new session's user. */
function useSignedIn() {
  const client = useQueryClient();
  return ({ user }: SignedIn) => {
    client.clear();
    client.setQueryData(sessionQuery.queryKey, user);
  };
}

export function useSignUp() {
  const onSuccess = useSignedIn();
  return useMutation({
    mutationFn: (input: { name: string; email: string; password: string; organizationName: string }) =>
      postJson<SignedIn>('/auth/sign-up', input),
    onSuccess,
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) => postJson<{ message: string }>('/auth/password-reset', input),
  });
}

/** Whether a reset link still works: its expiry, or null with the reason it does not. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['password-reset', token],
    queryFn: async (): Promise<{ expiresAt: string } | { closed: string }> => {
      try {
        return await postJson<{ expiresAt: string }>('/auth/password-reset/check', { token });
      } catch (error) {
        if (
          error instanceof AppError &&
          (error.code === 'RESET_LINK_INVALID' || error.code === 'INVALID_INPUT')
        )
          return { closed: error.message };
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useConfirmPasswordReset() {
  const onSuccess = useSignedIn();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      postJson<SignedIn>('/auth/password-reset/confirm', input),
    onSuccess,
  });
}
