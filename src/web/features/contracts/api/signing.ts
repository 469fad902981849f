import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecipientRole } from '../../../../shared/recipients';
import { api } from '../../../lib/api';
import { invalidateContract } from '../../../lib/invalidate-contract';
import { contractKeys } from '../../../lib/query-keys';

export const contractSigningQuery = (id: string) =>
  queryOptions({
    queryKey: contractKeys.signing(id),
    queryFn: () => api.contracts.signing({ params: { id } }),
    // While the seal is being made (or mail is on its way) the page follows along.
    refetchInterval: (query) => {
      const data = query.state.data;
      const waiting =
        data && ((data.completedAt && !data.sealedAt) || data.mail.some((mail) => mail.status === 'queued'));
      return waiting ? 2000 : false;
    },
  });

export const contractHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: contractKeys.history(id),
    queryFn: async () => {
      const [history, verification] = await Promise.all([
        api.contracts.history({ params: { id } }),
        api.contracts.verifyHistory({ params: { id } }),
      ]);
      return { items: history.items, verification };
    },
  });

/** After any signing action: the contract, its signing state and its history are stale. */
function useRefreshContract(id: string) {
  const client = useQueryClient();
  return () => invalidateContract(client, id);
}

export function useCancelContract(id: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: (reason: string) => api.contracts.cancel({ params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
}

export function useRemindSigner(id: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: (signerId: string) => api.contracts.remindSigner({ params: { id, signerId } }),
    onSuccess: refresh,
  });
}

export function useSendSignedCopy(id: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: (signerId: string) => api.contracts.sendSignedCopy({ params: { id, signerId } }),
    onSuccess: refresh,
  });
}

export function useResendMail(id: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: (messageId: string) => api.contracts.resendMail({ params: { id, messageId } }),
    onSuccess: refresh,
  });
}

export const contractDocumentUrl = (id: string, kind: 'frozen' | 'final') =>
  api.contracts.document.url({ params: { id, kind } });

export function useCorrectSigner(id: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: ({ signerId, ...body }: { signerId: string; name: string; email: string }) =>
      api.contracts.correctSigner({ params: { id, signerId }, body }),
    onSuccess: refresh,
  });
}

/** A fresh signing link for a pending recipient, for the sender to hand over themselves. */
export function useCopySigningLink(id: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: (signerId: string) => api.contracts.copySigningLink({ params: { id, signerId } }),
    onSuccess: refresh,
  });
}

/** A recipient added to a group of a sent contract that is not reached yet. */
export function useAddRecipient(id: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: (body: {
      name: string;
      email: string;
      role: RecipientRole;
      signingOrder: number;
      witnessOf?: number;
    }) => api.contracts.addSigner({ params: { id }, body }),
    onSuccess: refresh,
  });
}

/** A recipient who has not acted taken off a sent contract, their fields given to another. */
export function useRemoveRecipient(id: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: ({ signerId, reassignFieldsTo }: { signerId: string; reassignFieldsTo?: number }) =>
      api.contracts.removeSigner({
        params: { id, signerId },
        body: reassignFieldsTo === undefined ? {} : { reassignFieldsTo },
      }),
    onSuccess: refresh,
  });
}
