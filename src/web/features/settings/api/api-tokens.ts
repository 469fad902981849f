import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenList, CreateApiTokenInput, CreatedApiToken } from '../../../../shared/api/api-tokens';
import { apiRequest, postJson } from '../../../lib/api-client';

export const apiTokensQuery = queryOptions({
  queryKey: ['settings', 'api-tokens'],
  queryFn: () => apiRequest<ApiTokenList>('/api-tokens').then((list) => list.items),
});

export function useApiTokenChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: apiTokensQuery.queryKey });
  return {
    create: useMutation({
      mutationFn: (input: CreateApiTokenInput) => postJson<CreatedApiToken>('/api-tokens', input),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => apiRequest<void>(`/api-tokens/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
