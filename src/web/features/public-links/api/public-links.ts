import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePublicLinkInput, UpdatePublicLinkInput } from '../../../../shared/api/public-links';
import { api } from '../../../lib/api';
import { publicLinkKeys } from '../../../lib/query-keys';

/** A template's public links, newest first. */
export const templatePublicLinksQuery = (templateId: string) =>
  queryOptions({
    queryKey: publicLinkKeys.forTemplate(templateId),
    queryFn: async () => (await api.publicLinks.listForTemplate({ params: { id: templateId } })).items,
  });

/** A link's submissions, newest first, a page at a time. */
export const linkSubmissionsQuery = (linkId: string) =>
  infiniteQueryOptions({
    queryKey: publicLinkKeys.submissions(linkId),
    queryFn: ({ pageParam }) =>
      api.publicLinks.submissions({
        params: { id: linkId },
        query: { limit: 20, cursor: pageParam || undefined },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useCreatePublicLink(templateId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePublicLinkInput) => api.publicLinks.create({ params: { id: templateId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: publicLinkKeys.forTemplate(templateId) }),
  });
}

export function useUpdatePublicLink(templateId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePublicLinkInput }) =>
      api.publicLinks.update({ params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: publicLinkKeys.forTemplate(templateId) }),
  });
}

/** The visitor's page: whose link it is and what they sign. */
export const publicLinkPageQuery = (token: string) =>
  queryOptions({
    queryKey: publicLinkKeys.page(token),
    queryFn: () => api.publicLinks.page({ params: { token } }),
    retry: false,
  });

export function useStartPublicLink(token: string) {
  return useMutation({
    mutationFn: (body: { name: string; email: string }) => api.publicLinks.start({ params: { token }, body }),
  });
}

export function useConfirmPublicLink(token: string) {
  return useMutation({
    mutationFn: (body: { visitId: string; code: string }) =>
      api.publicLinks.confirm({ params: { token }, body }),
  });
}
