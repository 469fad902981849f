import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportFormat, SavedView } from '../../../../shared/api/search';
import { api } from '../../../lib/api';
import { searchKeys } from '../../../lib/query-keys';

/**
 * The search page's address is the search: its query string holds the words and every filter
 * under the API's own names (q, status, typeId, tags…), so the page, a saved view and an export
 * read the same thing. `tags` repeats.
 */
export type SearchParams = Record<string, string | string[]>;

export function paramsOf(search: URLSearchParams): SearchParams {
  const params: SearchParams = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key).filter((value) => value !== '');
    if (values.length === 0 || key === 'offset' || key === 'limit') continue;
    params[key] = key === 'tags' ? values : (values[0] as string);
  }
  return params;
}

export function queryStringOf(params: SearchParams): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    for (const value of [params[key] ?? []].flat()) if (value !== '') search.append(key, value);
  }
  return search.toString();
}

export const resultsPageSize = 20;

/** The results of the address's search (or the filtered list, without words), a page at a time. */
export const searchResultsQuery = (params: SearchParams) =>
  infiniteQueryOptions({
    queryKey: searchKeys.results(queryStringOf(params)),
    queryFn: ({ pageParam }) =>
      api.search.contracts({ query: { ...params, offset: pageParam, limit: resultsPageSize } as never }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextOffset,
    // The previous results stay while the next ones load, so typing does not blank the list.
    placeholderData: (previous) => previous,
  });

/** Where the browser downloads the filtered list as a file. */
export const exportUrl = (params: SearchParams, format: ExportFormat) =>
  api.search.exportContracts.url({ query: { ...params, format } as never });

export const savedViewsQuery = queryOptions({
  queryKey: searchKeys.views(),
  queryFn: async () => (await api.search.views()).items,
});

/** The organization's contract types, for the type filter. */
export const contractTypesQuery = queryOptions({
  queryKey: searchKeys.types(),
  queryFn: async () => (await api.terms.settings()).types,
  staleTime: 60_000,
});

export function useSaveView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; query: string; shared: boolean }) =>
      api.search.createView({ body: input }),
    onSuccess: (view: SavedView) => {
      client.setQueryData(savedViewsQuery.queryKey, (list) => (list ? [view, ...list] : [view]));
      return client.invalidateQueries({ queryKey: savedViewsQuery.queryKey });
    },
  });
}

export function useDeleteView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.search.deleteView({ params: { id } }),
    onSuccess: (_answer, id) => {
      client.setQueryData(savedViewsQuery.queryKey, (list) => list?.filter((view) => view.id !== id));
      return client.invalidateQueries({ queryKey: savedViewsQuery.queryKey });
    },
  });
}
