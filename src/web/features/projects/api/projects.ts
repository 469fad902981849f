import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectSummary } from '../../../../shared/api/projects';
import { apiRequest } from '../../../lib/api-client';

export const projectsQuery = queryOptions({
  queryKey: ['projects'],
  queryFn: async () => (await apiRequest<{ items: ProjectSummary[] }>('/projects')).items,
});

export function useProjects() {
  return useQuery(projectsQuery);
}
