import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/query-keys';

/** Which of Google and Microsoft sign-in this server has configured. */
export const providersQuery = queryOptions({
  queryKey: sessionKeys.providers,
  queryFn: () => api.oidc.providers(),
  staleTime: Number.POSITIVE_INFINITY,
});
