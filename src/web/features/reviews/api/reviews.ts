import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SendForReviewInput, SuggestChangesInput } from '../../../../shared/api/reviews';
import { api } from '../../../lib/api';
import { invalidateContract } from '../../../lib/invalidate-contract';
import { contractKeys, reviewKeys } from '../../../lib/query-keys';

export const reviewersQuery = (id: string) =>
  queryOptions({
    queryKey: contractKeys.reviewers(id),
    queryFn: () => api.reviews.reviewers({ params: { id } }),
  });

export const suggestionsQuery = (id: string) =>
  queryOptions({
    queryKey: contractKeys.suggestions(id),
    queryFn: () => api.reviews.suggestions({ params: { id } }),
  });

export const suggestionQuery = (id: string, suggestionId: string) =>
  queryOptions({
    queryKey: contractKeys.suggestion(id, suggestionId),
    queryFn: () => api.reviews.suggestion({ params: { id, suggestionId } }),
  });

export function useSendForReview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendForReviewInput) => api.reviews.send({ params: { id }, body: input }),
    onSuccess: () => invalidateContract(client, id),
  });
}

export function useDecideSuggestion(id: string, suggestionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { accept: number[]; baseRevision?: number }) =>
      api.reviews.decide({ params: { id, suggestionId }, body: input }),
    onSuccess: (contract) => {
      invalidateContract(client, contract);
      void client.invalidateQueries({ queryKey: contractKeys.suggestions(id) });
    },
  });
}

/** Exchanges the review link's token for the reviewer's cookie. */
export function useReviewSession(token: string) {
  return useQuery({
    queryKey: reviewKeys.session(token),
    queryFn: () => api.reviews.open({ body: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useReviewView(reviewerId: string | undefined) {
  return useQuery({
    queryKey: reviewKeys.view(reviewerId ?? ''),
    queryFn: () => api.reviews.view({ params: { reviewerId: reviewerId ?? '' } }),
    enabled: reviewerId !== undefined,
    retry: false,
  });
}

export function useSuggestChanges(reviewerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SuggestChangesInput) => api.reviews.suggest({ params: { reviewerId }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.view(reviewerId) }),
  });
}
