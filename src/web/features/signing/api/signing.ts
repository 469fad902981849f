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

export function useSigningView(signerId: string | undefined) {
  return useQuery(signingViewQuery(signerId));
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
