import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateContract } from '../../../lib/invalidate-contract';

/** Removes one of a draft's PDFs; answers the draft's new revision. */
export function useRemovePdf(contractId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, baseRevision }: { fileId: string; baseRevision: number | undefined }) =>
      api.contractFiles.remove({ params: { id: contractId, fileId }, query: { baseRevision } }),
    // Pending until the contract is fetched again: a second move must see the first.
    onSuccess: () => invalidateContract(client, contractId),
  });
}

/** Puts a draft's documents in another order; answers the draft's new revision. */
export function useOrderDocuments(contractId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { order: string[]; baseRevision: number | undefined }) =>
      api.contractFiles.order({ params: { id: contractId }, body }),
    // Pending until the contract is fetched again: a second move must see the first.
    onSuccess: () => invalidateContract(client, contractId),
  });
}
