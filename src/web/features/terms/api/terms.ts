import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkTermsInput, UpdateTermsInput } from '../../../../shared/api/terms';
import { api } from '../../../lib/api';
import { contractKeys, deadlineKeys, termKeys } from '../../../lib/query-keys';

/** A contract's (or template's) key terms. */
export const contractTermsQuery = (contractId: string) =>
  queryOptions({
    queryKey: contractKeys.terms(contractId),
    queryFn: () => api.terms.get({ params: { id: contractId } }),
  });

/** The organization's contract types (with counts) and its own term fields. */
export const termSettingsQuery = queryOptions({
  queryKey: termKeys.settings(),
  queryFn: () => api.terms.settings(),
});

export const watchingQuery = (contractId: string) =>
  queryOptions({
    queryKey: contractKeys.watching(contractId),
    queryFn: () => api.deadlines.watching({ params: { id: contractId } }),
  });

/** Terms make deadlines and count towards the types: all three go stale with a change. */
function useTermsChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: termKeys.all }),
      client.invalidateQueries({ queryKey: deadlineKeys.all }),
    ]);
}

export function useUpdateTerms(contractId: string) {
  const client = useQueryClient();
  const changed = useTermsChanged();
  return useMutation({
    mutationFn: (body: UpdateTermsInput) => api.terms.update({ params: { id: contractId }, body }),
    onSuccess: (terms) => {
      client.setQueryData(contractKeys.terms(contractId), terms);
      // The history lists the change.
      void client.invalidateQueries({ queryKey: contractKeys.history(contractId) });
      return changed();
    },
  });
}

export function useBulkUpdateTerms() {
  const client = useQueryClient();
  const changed = useTermsChanged();
  return useMutation({
    mutationFn: (body: BulkTermsInput) => api.terms.bulkUpdate({ body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contractKeys.all });
      return changed();
    },
  });
}

export function useWatch(contractId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (watching: boolean) =>
      api.deadlines.watch({ params: { id: contractId }, body: { watching } }),
    onSuccess: (answer) => {
      client.setQueryData(contractKeys.watching(contractId), answer);
      return client.invalidateQueries({ queryKey: deadlineKeys.all });
    },
  });
}

/** Admins' changes to the types and term fields; each answers the whole settings. */
export function useTermSettingsChanges() {
  const client = useQueryClient();
  const store = (settings: Awaited<ReturnType<typeof api.terms.settings>>) =>
    client.setQueryData(termKeys.settings(), settings);
  // A renamed or removed type or term changes what every contract's terms read.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: termKeys.all }),
      client.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'contracts' && query.queryKey[2] === 'terms',
      }),
    ]);
  return {
    createType: useMutation({
      mutationFn: (name: string) => api.terms.createType({ body: { name } }),
      onSuccess: store,
    }),
    renameType: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        api.terms.renameType({ params: { id }, body: { name } }),
      onSuccess: (settings) => {
        store(settings);
        return refresh();
      },
    }),
    deleteType: useMutation({
      mutationFn: (id: string) => api.terms.deleteType({ params: { id } }),
      onSuccess: refresh,
    }),
    createField: useMutation({
      mutationFn: (body: { name: string; kind: 'text' | 'number' | 'date' | 'choice'; options: string[] }) =>
        api.terms.createField({ body }),
      onSuccess: store,
    }),
    updateField: useMutation({
      mutationFn: ({ id, ...body }: { id: string; name?: string; options?: string[] }) =>
        api.terms.updateField({ params: { id }, body }),
      onSuccess: (settings) => {
        store(settings);
        return refresh();
      },
    }),
    deleteField: useMutation({
      mutationFn: (id: string) => api.terms.deleteField({ params: { id } }),
      onSuccess: refresh,
    }),
  };
}
