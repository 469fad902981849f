import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, CreateContractInput, UpdateContractInput } from '../../../../shared/api/contracts';
import { apiRequest, postJson } from '../../../lib/api-client';

export const contractQuery = (id: string) =>
  queryOptions({ queryKey: ['contracts', id], queryFn: () => apiRequest<Contract>(`/contracts/${id}`) });

/**
 * A template is a contract too, and shares its cache entry (a save stores its answer there), but is
 * read through /templates/{id}: a contract's id, a foreign or a missing one is TEMPLATE_NOT_FOUND.
 */
export const templateQuery = (id: string) =>
  queryOptions({ queryKey: ['contracts', id], queryFn: () => apiRequest<Contract>(`/templates/${id}`) });

/** Everything that shows contracts or counts them is stale after a change. */
function useInvalidateContracts() {
  const client = useQueryClient();
  return (contract: Contract) => {
    client.setQueryData(contractQuery(contract.id).queryKey, contract);
    void client.invalidateQueries({ queryKey: ['dashboard'] });
    void client.invalidateQueries({ queryKey: ['projects'] });
    void client.invalidateQueries({ queryKey: ['templates'] });
  };
}

export function useCreateContract() {
  const onChanged = useInvalidateContracts();
  return useMutation({
    mutationFn: (input: Partial<CreateContractInput> & { id: string; title: string }) =>
      postJson<Contract>('/contracts', input),
    onSuccess: onChanged,
  });
}

export function useUpdateContract() {
  const onChanged = useInvalidateContracts();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateContractInput & { id: string }) =>
      postJson<Contract>(`/contracts/${id}`, input, 'PATCH'),
    onSuccess: onChanged,
  });
}

export function useSendContract() {
  const onChanged = useInvalidateContracts();
  return useMutation({
    mutationFn: ({ id, sequential }: { id: string; sequential: boolean }) =>
      postJson<Contract>(`/contracts/${id}/send`, { sequential }),
    onSuccess: onChanged,
  });
}
