import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApproveInput, DelegateInput, SignInput, SigningSession } from '../../../../shared/api/signing';
import { api } from '../../../lib/api';
import { signingKeys } from '../../../lib/query-keys';

/** Exchanges the link's token for the signing cookie; says what the link leads to. */
export function useSigningSession(token: string) {
  return useQuery({
    queryKey: signingKeys.session(token),
    queryFn: () => api.signing.openSession({ body: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function signingViewQuery(signerId: string | undefined) {
  return {
    queryKey: signingKeys.view(signerId ?? ''),
    queryFn: () => api.signing.get({ params: { signerId: signerId ?? '' } }),
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
function useSignerCheck(token: string, check: (code: string) => Promise<SigningSession>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: check,
    onSuccess: (session) => client.setQueryData(signingKeys.session(token), session),
  });
}

export const useEnterAccessCode = (token: string, signerId: string) =>
  useSignerCheck(token, (code) => api.signing.enterAccessCode({ params: { signerId }, body: { code } }));

export const useConfirmEmailCode = (token: string, signerId: string) =>
  useSignerCheck(token, (code) => api.signing.confirmEmailCode({ params: { signerId }, body: { code } }));

/** 'Send me a code': the server e-mails a new one-time code to the signer's address. */
export function useSendEmailCode(signerId: string) {
  return useMutation({ mutationFn: () => api.signing.sendEmailCode({ params: { signerId } }) });
}

/** A lock found by a wrong code shows at once, without reopening the link. */
export function useMarkLocked(token: string) {
  const client = useQueryClient();
  return () =>
    client.setQueryData<SigningSession>(signingKeys.session(token), (session) =>
      session
        ? { ...session, authentication: { ...session.authentication, locked: true, triesLeft: 0 } }
        : session,
    );
}

export function useSign(signerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInput) => api.signing.sign({ params: { signerId }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: signingKeys.view(signerId) }),
  });
}

/** An approver's approval: consent, their fields, the later recipients they name. */
export function useApprove(signerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApproveInput) => api.signing.approve({ params: { signerId }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: signingKeys.view(signerId) }),
  });
}

export function useDecline(signerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.signing.decline({ params: { signerId }, body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: signingKeys.view(signerId) }),
  });
}

export const signingDocumentUrl = (signerId: string, kind: 'frozen' | 'final') =>
  api.signing.document.url({ params: { signerId, kind } });

export function useDelegate(signerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DelegateInput) => api.signing.delegate({ params: { signerId }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: signingKeys.view(signerId) }),
  });
}
