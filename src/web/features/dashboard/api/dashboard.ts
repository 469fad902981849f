import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dashboardKeys } from '../../../lib/query-keys';

export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: () => api.workspace.dashboard(),
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
