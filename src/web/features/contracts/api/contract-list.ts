import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractSort } from '../../../../shared/api/contracts';
import type { ContractStatus } from '../../../../shared/statuses';
import { api } from '../../../lib/api';
import { invalidateContract } from '../../../lib/invalidate-contract';
import { contractKeys } from '../../../lib/query-keys';
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
    queryKey: contractKeys.list(filters),
    queryFn: ({ pageParam }) =>
      api.contracts.list({
        query: {
          sort: filters.sort,
          limit: contractListPageSize,
          q: filters.q || undefined,
          status: filters.status || undefined,
          projectId: filters.projectId || undefined,
          cursor: pageParam || undefined,
        },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useDuplicateContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.contracts.duplicate({ params: { id }, body: { id: randomId() } }),
    onSuccess: (copy) => invalidateContract(client, copy),
  });
}

export function useSaveAsTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.contracts.saveAsTemplate({ params: { id }, body: { id: randomId() } }),
    onSuccess: (template) => invalidateContract(client, template),
  });
}

export function useDeleteContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.contracts.remove({ params: { id } }),
    onSuccess: (_, id) => invalidateContract(client, id, { removed: true }),
  });
}

export function useCancelFromList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.contracts.cancel({ params: { id }, body: { reason } }),
    onSuccess: (contract) => invalidateContract(client, contract),
  });
}
