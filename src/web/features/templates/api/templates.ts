import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateContract } from '../../../lib/invalidate-contract';
import { templateKeys } from '../../../lib/query-keys';

export const templateListPageSize = 20;

/** The organization's templates, newest updated first, searched by title. */
export const templateListQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: templateKeys.list(q),
    queryFn: ({ pageParam }) =>
      api.templates.list({
        query: { limit: templateListPageSize, q: q || undefined, cursor: pageParam || undefined },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useCreateFromTemplate() {
  const client = useQueryClient();
  return useMutation({
    /** id: chosen when the dialog opens, so trying again never makes a second draft. */
    mutationFn: ({ templateId, id, projectId }: { templateId: string; id: string; projectId: string }) =>
      api.templates.createContract({
        params: { id: templateId },
        body: { id, ...(projectId ? { projectId } : {}) },
      }),
    onSuccess: (contract) => invalidateContract(client, contract),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.contracts.remove({ params: { id } }),
    onSuccess: (_, id) => invalidateContract(client, id, { removed: true }),
  });
}
