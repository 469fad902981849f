import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/api/auth';
import { AppError } from '../../../../shared/errors';
import { api } from '../../../lib/api';
import { profileKeys, sessionKeys } from '../../../lib/query-keys';
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

/** Asks for an account: the answer only says a link went to the address (the same whether or not it has one). */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: { name: string; email: string; password: string; organizationName: string }) =>
      api.auth.signUp({ body: input }),
  });
}

/**
 * Opens an e-mailed confirmation link. A finished sign-up starts with a clean cache holding the
 * new session's user; a changed address refreshes what the signed-in user sees.
 */
export function useConfirmEmail() {
  const client = useQueryClient();
  const signedIn = useSignedIn();
  return useMutation({
    // The password is needed only for a sign-up finished in another browser than the one that asked.
    mutationFn: (input: { token: string; password?: string }) => api.auth.confirmSignUp({ body: input }),
    onSuccess: async (confirmed) => {
      if (confirmed.purpose === 'sign-up' && confirmed.user) return signedIn({ user: confirmed.user });
      // The session read as the page opened may still be on its way with the old address: it is
      // dropped, so it cannot land after the confirmed one and put the old address back.
      await client.cancelQueries({ queryKey: sessionQuery.queryKey });
      if (confirmed.user) client.setQueryData(sessionQuery.queryKey, confirmed.user);
      else void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
      void client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) => api.auth.requestPasswordReset({ body: input }),
  });
}

/**
 * Whether a reset link still works: its expiry and the account's live API tokens, or the reason
 * it does not.
 */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: sessionKeys.passwordReset(token),
    queryFn: async (): Promise<{ expiresAt: string; apiTokens: number } | { closed: string }> => {
      try {
        return await api.auth.checkPasswordReset({ body: { token } });
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

/**
 * Sets the new password and signs in; an account with a second factor must give it first (202),
 * and nothing changes until it does.
 */
export function useConfirmPasswordReset() {
  const onSuccess = useSignedIn();
  return useMutation({
    mutationFn: (input: { token: string; password: string; revokeApiTokens: boolean }) =>
      api.auth.confirmPasswordReset({ body: input }),
    onSuccess: (outcome) => {
      if ('user' in outcome) onSuccess(outcome);
    },
  });
}
