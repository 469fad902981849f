import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, ContractPage, ContractSort } from '../../../../shared/api/contracts';
import type { ContractStatus } from '../../../../shared/statuses';
import { apiRequest, postJson } from '../../../lib/api-client';
import { randomId } from '../../../lib/random-id';

export type ContractFilters = {
  q: string;
  status: ContractStatus | '';
  projectId: string;
  sort: ContractSort;
};

export const contractListPageSize = 20;

export const contractListQuery = (filters: ContractFilters) =>
  infiniteQueryOptions({
    queryKey: ['contracts', 'list', filters],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ sort: filters.sort, limit: String(contractListPageSize) });
      if (filters.q) params.set('q', filters.q);
      if (filters.status) params.set('status', filters.status);
      if (filters.projectId) params.set('projectId', filters.projectId);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<ContractPage>(`/contracts?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** After a row action every list, count and card may have changed. */
function useRefreshLists() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['contracts'] });
    void client.invalidateQueries({ queryKey: ['dashboard'] });
    void client.invalidateQueries({ queryKey: ['projects'] });
    void client.invalidateQueries({ queryKey: ['templates'] });
  };
}

export function useDuplicateContract() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) => postJson<Contract>(`/contracts/${id}/duplicate`, { id: randomId() }),
    onSuccess: refresh,
  });
}

export function useSaveAsTemplate() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) => postJson<Contract>(`/contracts/${id}/template`, { id: randomId() }),
    onSuccess: refresh,
  });
}

export function useDeleteContract() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/contracts/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useCancelFromList() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      postJson<Contract>(`/contracts/${id}/cancel`, { reason }),
    onSuccess: refresh,
  });
}
