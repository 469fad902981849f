import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/api/auth';
import type { SecondFactorMethod, SignInOutcome } from '../../../../shared/api/two-factor';
import { AppError } from '../../../../shared/errors';
import { api } from '../../../lib/api';
import { profileKeys, sessionKeys, settingsKeys } from '../../../lib/query-keys';

export const twoFactorStatusQuery = queryOptions({
  queryKey: profileKeys.twoFactor(),
  queryFn: () => api.twoFactor.status(),
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQuery);
}

/** A change to the factors can lift the organization's restriction: the session's user is read again. */
function useRefreshAfterChange() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey });
    void client.invalidateQueries({ queryKey: sessionKeys.current });
  };
}

export function useStartTotp() {
  return useMutation({
    mutationFn: () => api.twoFactor.startTotp(),
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
    mutationFn: (code: string) => api.twoFactor.confirmTotp({ body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}

export function useRefreshSession() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: sessionKeys.current });
}

export function useDisableTotp() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: { currentPassword?: string; code?: string }) =>
      api.twoFactor.disableTotp({ body: input }),
    onSuccess: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: () => api.twoFactor.regenerateRecoveryCodes(),
    onSuccess: refresh,
  });
}

/** The browser's answer as the JSON it is sent as (its extension results are a plain object). */
const asJson = <T extends { clientExtensionResults: object }>(
  response: T,
): Omit<T, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> } => ({
  ...response,
  clientExtensionResults: { ...response.clientExtensionResults } as Record<string, unknown>,
});

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
      const { options } = await api.twoFactor.addPasskeyOptions();
      let credential: RegistrationResponseJSON;
      try {
        const { startRegistration } = await import('@simplewebauthn/browser');
        credential = await startRegistration({ optionsJSON: options as never });
      } catch (error) {
        throw webAuthnFailure(error);
      }
      return api.twoFactor.addPasskey({ body: { name, credential: asJson(credential) } });
    },
    onSuccess: refresh,
  });
}

export function useRenamePasskey() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) =>
      api.twoFactor.renamePasskey({ params: { id: input.id }, body: { name: input.name } }),
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: string) => api.twoFactor.removePasskey({ params: { id } }),
    onSuccess: refresh,
  });
}

// Signing in.

/** The methods of the sign-in waiting for its second factor, or null when none is (or it expired). */
export const pendingSecondFactorQuery = queryOptions({
  queryKey: sessionKeys.pendingSecondFactor,
  queryFn: async (): Promise<SecondFactorMethod[] | null> => {
    try {
      return (await api.twoFactor.challenge()).methods;
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
    client.setQueryData<CurrentUser | null>(sessionKeys.current, user);
  };
}

export type SecondFactorInput = { code: string } | { recoveryCode: string } | { passkey: true };

export function useCompleteSecondFactor() {
  const onSuccess = useSignedIn();
  return useMutation({
    mutationFn: async (input: SecondFactorInput) => {
      if ('passkey' in input) {
        const { options } = await api.twoFactor.challengePasskeyOptions();
        let passkey: AuthenticationResponseJSON;
        try {
          const { startAuthentication } = await import('@simplewebauthn/browser');
          passkey = await startAuthentication({ optionsJSON: options as never });
        } catch (error) {
          throw webAuthnFailure(error);
        }
        return api.twoFactor.verify({ body: { passkey: asJson(passkey) } });
      }
      return api.twoFactor.verify({ body: input });
    },
    onSuccess,
  });
}

/** A passkey alone: the browser lists the passkeys it holds for Pactum. */
export function usePasskeySignIn() {
  const onSuccess = useSignedIn();
  return useMutation({
    mutationFn: async (remember: boolean) => {
      const { options } = await api.twoFactor.passkeySignInOptions();
      let passkey: AuthenticationResponseJSON;
      try {
        const { startAuthentication } = await import('@simplewebauthn/browser');
        passkey = await startAuthentication({ optionsJSON: options as never });
      } catch (error) {
        throw webAuthnFailure(error);
      }
      return api.twoFactor.passkeySignIn({ body: { passkey: asJson(passkey), remember } });
    },
    onSuccess,
  });
}

export type { SignInOutcome };

// The organization's requirement (Settings).

export const twoFactorRequirementQuery = queryOptions({
  queryKey: settingsKeys.twoFactorRequirement(),
  queryFn: () => api.settings.twoFactor(),
});

export function useSetTwoFactorRequirement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => api.settings.updateTwoFactor({ body: { required } }),
    onSuccess: (answer) => client.setQueryData(twoFactorRequirementQuery.queryKey, answer),
  });
}
