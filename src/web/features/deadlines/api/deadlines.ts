import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeadlinePreferences } from '../../../../shared/api/deadlines';
import { api } from '../../../lib/api';
import { deadlineKeys } from '../../../lib/query-keys';

/** Deadlines from one day to another, nearest first; `mine`: contracts I own or watch. */
export const deadlineListQuery = (range: { from: string; to: string; mine: boolean }) =>
  queryOptions({
    queryKey: deadlineKeys.list(range),
    queryFn: () =>
      api.deadlines.list({
        query: { from: range.from, to: range.to, mine: range.mine ? 'true' : 'false', limit: 500 },
      }),
  });

export const deadlineSummaryQuery = queryOptions({
  queryKey: deadlineKeys.summary(),
  queryFn: () => api.deadlines.summary(),
});

export const deadlinePreferencesQuery = queryOptions({
  queryKey: deadlineKeys.preferences(),
  queryFn: () => api.deadlines.preferences(),
});

export function useDeadlinePreferenceChanges() {
  const client = useQueryClient();
  const store = (preferences: DeadlinePreferences) =>
    client.setQueryData(deadlineKeys.preferences(), preferences);
  const refresh = () => client.invalidateQueries({ queryKey: deadlineKeys.preferences() });
  return {
    update: useMutation({
      mutationFn: (body: { leadDays?: number[]; digest?: boolean }) =>
        api.deadlines.updatePreferences({ body }),
      onSuccess: store,
    }),
    makeFeed: useMutation({ mutationFn: () => api.deadlines.makeFeed(), onSuccess: refresh }),
    revokeFeed: useMutation({ mutationFn: () => api.deadlines.revokeFeed(), onSuccess: refresh }),
  };
}
