import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, CreateContractInput, UpdateContractInput } from '../../../../shared/api/contracts';
import { apiRequest, postJson } from '../../../lib/api-client';

export const contractQuery = (id: string) =>
  queryOptions({ queryKey: ['contracts', id], queryFn: () => apiRequest<Contract>(`/contracts/${id}`) });

/** Everything that shows contracts or counts them is stale after a change. */
function useInvalidateContracts() {
  const client = useQueryClient();
  return (contract: Contract) => {
    client.setQueryData(contractQuery(contract.id).queryKey, contract);
    void client.invalidateQueries({ queryKey: ['dashboard'] });
    void client.invalidateQueries({ queryKey: ['projects'] });
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
