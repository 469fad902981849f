import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiTokenInput } from '../../../../shared/api/api-tokens';
import { api } from '../../../lib/api';
import { settingsKeys } from '../../../lib/query-keys';

export const apiTokensQuery = queryOptions({
  queryKey: settingsKeys.apiTokens(),
  queryFn: () => api.apiTokens.list().then((list) => list.items),
});

export function useApiTokenChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: apiTokensQuery.queryKey });
  return {
    create: useMutation({
      mutationFn: (input: CreateApiTokenInput) => api.apiTokens.create({ body: input }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => api.apiTokens.revoke({ params: { id } }),
      onSuccess: refresh,
    }),
  };
}
