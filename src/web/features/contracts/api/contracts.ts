import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateContractInput, UpdateContractInput } from '../../../../shared/api/contracts';
import { AppError } from '../../../../shared/errors';
import { api } from '../../../lib/api';
import { invalidateContract } from '../../../lib/invalidate-contract';
import { contractKeys } from '../../../lib/query-keys';

export const contractQuery = (id: string) =>
  queryOptions({ queryKey: contractKeys.detail(id), queryFn: () => api.contracts.get({ params: { id } }) });

/**
 * A template is a contract too, and shares its cache entry (a save stores its answer there), but is
 * read through /templates/{id}: a contract's id, a foreign or a missing one is TEMPLATE_NOT_FOUND.
 */
export const templateQuery = (id: string) =>
  queryOptions({ queryKey: contractKeys.detail(id), queryFn: () => api.templates.get({ params: { id } }) });

export function useCreateContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<CreateContractInput> & { id: string; title: string }) =>
      api.contracts.create({ body: input }),
    onSuccess: (contract) => invalidateContract(client, contract),
  });
}

export function useUpdateContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateContractInput & { id: string }) =>
      api.contracts.update({ params: { id }, body: input }),
    onSuccess: (contract) => invalidateContract(client, contract),
    // Refused because someone saved meanwhile: their version is worth seeing at once.
    onError: (error, { id }) => {
      if (error instanceof AppError && error.code === 'CONTRACT_CHANGED') {
        void client.invalidateQueries({ queryKey: contractKeys.versions(id) });
      }
    },
  });
}

export function useSendContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sequential }: { id: string; sequential: boolean }) =>
      api.contracts.send({ params: { id }, body: { sequential } }),
    onSuccess: (contract) => invalidateContract(client, contract),
  });
}
