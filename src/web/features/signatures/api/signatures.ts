import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSignature, SignatureRequestPage } from '../../../../shared/api/signatures';
import type { SignerStatus } from '../../../../shared/statuses';
import { apiRequest, postJson } from '../../../lib/api-client';

export const signatureRequestsQuery = (status: SignerStatus | '') =>
  infiniteQueryOptions({
    queryKey: ['signatures', 'requests', status],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '25' });
      if (status) params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<SignatureRequestPage>(`/signatures?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const savedSignatureQuery = queryOptions({
  queryKey: ['signatures', 'saved'],
  queryFn: () => apiRequest<SavedSignature>('/profile/signature'),
});

export function useRemindFromList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contractId, signerId }: { contractId: string; signerId: string }) =>
      postJson<void>(`/contracts/${contractId}/signers/${signerId}/remind`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['signatures', 'requests'] }),
  });
}

export function useSavedSignatureChanges() {
  const client = useQueryClient();
  const onSuccess = (saved: SavedSignature) => client.setQueryData(savedSignatureQuery.queryKey, saved);
  return {
    save: useMutation({
      mutationFn: (input: { kind: 'drawn' | 'typed'; image: string }) =>
        postJson<SavedSignature>('/profile/signature', input, 'PUT'),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => apiRequest<SavedSignature>('/profile/signature', { method: 'DELETE' }),
      onSuccess,
    }),
  };
}
