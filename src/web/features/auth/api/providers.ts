import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Which of Google and Microsoft sign-in this server has configured. */
export const providersQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: () => apiRequest<{ google: boolean; microsoft: boolean }>('/auth/providers'),
  staleTime: Number.POSITIVE_INFINITY,
});
