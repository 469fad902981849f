import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateContract } from '../../../lib/invalidate-contract';
import { contractKeys } from '../../../lib/query-keys';

export const versionsQuery = (id: string) =>
  queryOptions({
    queryKey: contractKeys.versions(id),
    queryFn: () => api.versions.list({ params: { id } }),
  });

export const versionQuery = (id: string, number: number) =>
  queryOptions({
    queryKey: contractKeys.version(id, number),
    queryFn: () => api.versions.get({ params: { id, number } }),
    // A version never changes but for the latest one of an editing session still going on.
    staleTime: 0,
  });

export const compareQuery = (id: string, from: number, to: number) =>
  queryOptions({
    queryKey: contractKeys.compare(id, from, to),
    queryFn: () => api.versions.compare({ params: { id }, query: { from, to } }),
  });

/** The comparison as a file: a PDF of the redline, or a .docx whose changes are tracked. */
export const comparisonDownloadUrl = (id: string, from: number, to: number, kind: 'pdf' | 'docx') =>
  (kind === 'pdf' ? api.versions.comparePdf : api.versions.compareDocx).url({
    params: { id },
    query: { from, to },
  });

export function useRestoreVersion(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, baseRevision }: { number: number; baseRevision: number }) =>
      api.versions.restore({ params: { id, number }, body: { baseRevision } }),
    onSuccess: (contract) => invalidateContract(client, contract),
  });
}
