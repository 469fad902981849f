import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/api/auth';
import type { SecondFactorMethod, SignInOutcome, TwoFactorStatus } from '../../../../shared/api/two-factor';
import { AppError } from '../../../../shared/errors';
import { apiRequest, postJson } from '../../../lib/api-client';
import { sessionQuery } from '../../auth/api/session';

type WebAuthnOptions = { options: Record<string, unknown> };

export const twoFactorStatusQuery = queryOptions({
  queryKey: ['profile', 'two-factor'],
  queryFn: () => apiRequest<TwoFactorStatus>('/profile/two-factor'),
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQuery);
}

/** A change to the factors can lift the organization's restriction: the session's user is read again. */
function useRefreshAfterChange() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey });
    void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
  };
}

export function useStartTotp() {
  return useMutation({
    mutationFn: () =>
      postJson<{ secret: string; uri: string; qrCode: string }>('/profile/two-factor/totp', {}),
  });
}

/**
 * The session's user is read again only once the recovery codes were saved (useRefreshSession):
 * for a person the organization kept to setting up, that reading opens the app and would take
 * the codes off the screen.
 */
export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => postJson<{ codes: string[] }>('/profile/two-factor/totp/confirm', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}

export function useRefreshSession() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
}

export function useDisableTotp() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: { currentPassword?: string; code?: string }) =>
      postJson<void>('/profile/two-factor/totp/disable', input),
    onSuccess: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: () => postJson<{ codes: string[] }>('/profile/two-factor/recovery-codes', {}),
    onSuccess: refresh,
  });
}

/** The browser's own words when a person cancels or the device refuses, as an AppError. */
function webAuthnFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return new AppError('INVALID_INPUT', 'The passkey request was canceled or timed out. Try again.');
  }
  if (name === 'InvalidStateError') {
    return new AppError('INVALID_INPUT', 'This device already has a passkey for your account.');
  }
  return new AppError(
    'INVALID_INPUT',
    'This browser could not use a passkey. Try another browser or device.',
  );
}

export function useRegisterPasskey() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await postJson<WebAuthnOptions>('/profile/passkeys/options', {});
      let credential: unknown;
      try {
        const { startRegistration } = await import('@simplewebauthn/browser');
        credential = await startRegistration({ optionsJSON: options as never });
      } catch (error) {
        throw webAuthnFailure(error);
      }
      return postJson<TwoFactorStatus>('/profile/passkeys', { name, credential });
    },
    onSuccess: refresh,
  });
}

export function useRenamePasskey() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) =>
      postJson<void>(`/profile/passkeys/${input.id}`, { name: input.name }, 'PATCH'),
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/profile/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

// Signing in.

/** The methods of the sign-in waiting for its second factor, or null when none is (or it expired). */
export const pendingSecondFactorQuery = queryOptions({
  queryKey: ['pending-second-factor'],
  queryFn: async (): Promise<SecondFactorMethod[] | null> => {
    try {
      return (await apiRequest<{ methods: SecondFactorMethod[] }>('/auth/two-factor')).methods;
    } catch (error) {
      if (error instanceof AppError && error.code === 'SECOND_FACTOR_EXPIRED') return null;
      throw error;
    }
  },
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
});

function useSignedIn() {
  const client = useQueryClient();
  return ({ user }: { user: CurrentUser }) => {
    client.clear();
    client.setQueryData(sessionQuery.queryKey, user);
  };
}

export type SecondFactorInput = { code: string } | { recoveryCode: string } | { passkey: true };

export function useCompleteSecondFactor() {
  const onSuccess = useSignedIn();
  return useMutation({
    mutationFn: async (input: SecondFactorInput) => {
      if ('passkey' in input) {
        const { options } = await postJson<WebAuthnOptions>('/auth/two-factor/passkey-options', {});
        let passkey: unknown;
        try {
          const { startAuthentication } = await import('@simplewebauthn/browser');
          passkey = await startAuthentication({ optionsJSON: options as never });
        } catch (error) {
          throw webAuthnFailure(error);
        }
        return postJson<{ user: CurrentUser }>('/auth/two-factor', { passkey });
      }
      return postJson<{ user: CurrentUser }>('/auth/two-factor', input);
    },
    onSuccess,
  });
}

/** A passkey alone: the browser lists the passkeys it holds for Pactum. */
export function usePasskeySignIn() {
  const onSuccess = useSignedIn();
  return useMutation({
    mutationFn: async (remember: boolean) => {
      const { options } = await postJson<WebAuthnOptions>('/auth/passkey/options', {});
      let passkey: unknown;
      try {
        const { startAuthentication } = await import('@simplewebauthn/browser');
        passkey = await startAuthentication({ optionsJSON: options as never });
      } catch (error) {
        throw webAuthnFailure(error);
      }
      return postJson<{ user: CurrentUser }>('/auth/passkey', { passkey, remember });
    },
    onSuccess,
  });
}

export type { SignInOutcome };

// The organization's requirement (Settings).

export const twoFactorRequirementQuery = queryOptions({
  queryKey: ['settings', 'two-factor'],
  queryFn: () => apiRequest<{ required: boolean }>('/settings/two-factor'),
});

export function useSetTwoFactorRequirement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      postJson<{ required: boolean }>('/settings/two-factor', { required }, 'PUT'),
    onSuccess: (answer) => client.setQueryData(twoFactorRequirementQuery.queryKey, answer),
  });
}
