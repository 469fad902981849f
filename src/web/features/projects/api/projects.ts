import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CreateProjectInput,
  Project,
  ProjectSummary,
  UpdateProjectInput,
} from '../../../../shared/api/projects';
import { api } from '../../../lib/api';
import { dashboardKeys, projectKeys } from '../../../lib/query-keys';

/** Every project query starts with 'projects', so a contract change (which invalidates it) refreshes them all. */
export const projectsQuery = queryOptions({
  queryKey: projectKeys.all,
  queryFn: async () => (await api.projects.list()).items,
});

export function useProjects() {
  return useQuery(projectsQuery);
}

export const projectQuery = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: () => api.projects.get({ params: { id } }) });

/** How many contracts one 'Load more' adds: fills whole rows of two or three cards. */
export const projectContractsPageSize = 12;

/** A project's contracts, newest updated first, a page at a time. */
export const projectContractsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: projectKeys.contracts(id),
    queryFn: ({ pageParam }) =>
      api.contracts.list({
        query: { projectId: id, limit: projectContractsPageSize, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

function summaryOf(project: Project): ProjectSummary {
  const { id, name, description, contractCount, createdAt, updatedAt } = project;
  return { id, name, description, contractCount, createdAt, updatedAt };
}

/**
 * After a create or an edit: the project's own query holds the answer, the list (the sidebar, the
 * projects page) shows it at once, most recently updated first, then both lists are checked
 * against the server.
 */
function storeProject(client: QueryClient, project: Project) {
  client.setQueryData(projectQuery(project.id).queryKey, project);
  client.setQueryData(projectsQuery.queryKey, (list) =>
    list ? [summaryOf(project), ...list.filter((item) => item.id !== project.id)] : list,
  );
  void client.invalidateQueries({ queryKey: projectsQuery.queryKey, exact: true });
  void client.invalidateQueries({ queryKey: dashboardKeys.all });
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => api.projects.create({ body: input }),
    onSuccess: (project) => storeProject(client, project),
  });
}

export function useUpdateProject(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProjectInput) => api.projects.update({ params: { id }, body: input }),
    onSuccess: (project) => storeProject(client, project),
  });
}

/** Deletes an empty project; a PROJECT_NOT_EMPTY refusal comes back as the mutation's error. */
export function useDeleteProject(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.projects.remove({ params: { id } }),
    onSuccess: () => {
      client.setQueryData(projectsQuery.queryKey, (list) => list?.filter((item) => item.id !== id));
      void client.invalidateQueries({ queryKey: projectsQuery.queryKey, exact: true });
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

/** Drops a deleted project's own queries; called once its page is gone, so nothing asks for it again. */
export function forgetProject(client: QueryClient, id: string) {
  client.removeQueries({ queryKey: projectQuery(id).queryKey });
}
