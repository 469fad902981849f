import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { settingsKeys } from '../../../lib/query-keys';

export const embeddingQuery = queryOptions({
  queryKey: settingsKeys.embedding(),
  queryFn: () => api.embedding.settings(),
});

export function useUpdateEmbedding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (origins: string[]) => api.embedding.updateSettings({ body: { origins } }),
    onSuccess: (settings) => client.setQueryData(embeddingQuery.queryKey, settings),
  });
}
