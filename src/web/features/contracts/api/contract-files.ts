import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlacedFieldInput } from '../../../../shared/api/contract-fields';
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

/** Puts the fields placed on a draft's PDFs (the whole set); answers them and the new revision. */
export function useSaveFields(contractId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { fields: PlacedFieldInput[]; baseRevision: number | undefined }) =>
      api.contractFiles.saveFields({ params: { id: contractId }, body }),
    onSuccess: () => invalidateContract(client, contractId),
  });
}
