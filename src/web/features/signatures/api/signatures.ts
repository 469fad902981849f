import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSignature } from '../../../../shared/api/signatures';
import type { SignerStatus } from '../../../../shared/statuses';
import { api } from '../../../lib/api';
import { signatureKeys } from '../../../lib/query-keys';

export const signatureRequestsQuery = (status: SignerStatus | '') =>
  infiniteQueryOptions({
    queryKey: signatureKeys.requestsWith(status),
    queryFn: ({ pageParam }) =>
      api.signatures.list({
        query: { limit: 25, status: status || undefined, cursor: pageParam || undefined },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const savedSignatureQuery = queryOptions({
  queryKey: signatureKeys.saved(),
  queryFn: () => api.signatures.mine(),
});

export function useRemindFromList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contractId, signerId }: { contractId: string; signerId: string }) =>
      api.contracts.remindSigner({ params: { id: contractId, signerId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: signatureKeys.requests() }),
  });
}

export function useSavedSignatureChanges() {
  const client = useQueryClient();
  const onSuccess = (saved: SavedSignature) => client.setQueryData(savedSignatureQuery.queryKey, saved);
  return {
    save: useMutation({
      mutationFn: (input: { kind: 'drawn' | 'typed'; image: string }) =>
        api.signatures.putMine({ body: input }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => api.signatures.removeMine(),
      onSuccess,
    }),
  };
}
