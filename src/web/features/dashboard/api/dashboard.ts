import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '../../../../shared/api/dashboard';
import { apiRequest } from '../../../lib/api-client';

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: () => apiRequest<DashboardSummary>('/dashboard'),
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
