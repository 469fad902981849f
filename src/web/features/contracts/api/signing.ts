import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract } from '../../../../shared/api/contracts';
import type { ChainVerification, HistoryEntry } from '../../../../shared/api/history';
import type { ContractSigning } from '../../../../shared/api/signing';
import { apiRequest, postJson } from '../../../lib/api-client';
import { contractQuery } from './contracts';

export const contractSigningQuery = (id: string) =>
  queryOptions({
    queryKey: ['contracts', id, 'signing'],
    queryFn: () => apiRequest<ContractSigning>(`/contracts/${id}/signing`),
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
    queryKey: ['contracts', id, 'history'],
    queryFn: async () => {
      const [history, verification] = await Promise.all([
        apiRequest<{ items: HistoryEntry[] }>(`/contracts/${id}/history`),
        apiRequest<ChainVerification>(`/contracts/${id}/history/verification`),
      ]);
      return { items: history.items, verification };
    },
  });

/** After any signing action: the contract, its signing state and its history are stale. */
function useRefreshContract(id: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: contractQuery(id).queryKey });
    void client.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

export function useCancelContract(id: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: (reason: string) => postJson<Contract>(`/contracts/${id}/cancel`, { reason }),
    onSuccess: refresh,
  });
}

export function useRemindSigner(id: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: (signerId: string) => postJson<void>(`/contracts/${id}/signers/${signerId}/remind`, {}),
    onSuccess: refresh,
  });
}

export function useResendMail(id: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: (messageId: string) => postJson<void>(`/contracts/${id}/mail/${messageId}/resend`, {}),
    onSuccess: refresh,
  });
}

export const contractDocumentUrl = (id: string, kind: 'frozen' | 'final') =>
  `/api/contracts/${id}/documents/${kind}`;
