import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInput, SigningSession, SigningView } from '../../../../shared/api/signing';
import { apiRequest, postJson } from '../../../lib/api-client';

/** Exchanges the link's token for the signing cookie; says what the link leads to. */
export function useSigningSession(token: string) {
  return useQuery({
    queryKey: ['signing-session', token],
    queryFn: () => postJson<SigningSession>('/signing/sessions', { token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function signingViewQuery(signerId: string | undefined) {
  return {
    queryKey: ['signing-view', signerId],
    queryFn: () => apiRequest<SigningView>(`/signing/${signerId}`),
    enabled: signerId !== undefined,
    retry: false,
  };
}

/** The view, asked for only once the signer has passed every check the sender set. */
export function useSigningView(signerId: string | undefined) {
  return useQuery(signingViewQuery(signerId));
}

/**
 * Entering an access code or an e-mailed code: the answer is the session with the checks passed
 * so far (the server sets the cookie that carries them), kept as the page's session.
 */
function useSignerCheck(token: string, path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => postJson<SigningSession>(path, { code }),
    onSuccess: (session) => client.setQueryData(['signing-session', token], session),
  });
}

export const useEnterAccessCode = (token: string, signerId: string) =>
  useSignerCheck(token, `/signing/${signerId}/access-code`);

export const useConfirmEmailCode = (token: string, signerId: string) =>
  useSignerCheck(token, `/signing/${signerId}/email-code/confirm`);

/** 'Send me a code': the server e-mails a new one-time code to the signer's address. */
export function useSendEmailCode(signerId: string) {
  return useMutation({ mutationFn: () => postJson<void>(`/signing/${signerId}/email-code`, {}) });
}

/** A lock found by a wrong code shows at once, without reopening the link. */
export function useMarkLocked(token: string) {
  const client = useQueryClient();
  return () =>
    client.setQueryData<SigningSession>(['signing-session', token], (session) =>
      session
        ? { ...session, authentication: { ...session.authentication, locked: true, triesLeft: 0 } }
        : session,
    );
}

export function useSign(signerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInput) => postJson<void>(`/signing/${signerId}/sign`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['signing-view', signerId] }),
  });
}

export function useDecline(signerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => postJson<void>(`/signing/${signerId}/decline`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['signing-view', signerId] }),
  });
}

export const signingDocumentUrl = (signerId: string, kind: 'frozen' | 'final') =>
  `/api/signing/${signerId}/documents/${kind}`;
