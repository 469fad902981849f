import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CommentThread,
  CommentThreadList,
  CreateThreadInput,
  ReplyInput,
} from '../../../../shared/api/comments';
import { api } from '../../../lib/api';
import { contractKeys } from '../../../lib/query-keys';

export const commentThreadsQuery = (contractId: string) =>
  queryOptions({
    queryKey: contractKeys.comments(contractId),
    queryFn: () => api.comments.list({ params: { id: contractId } }),
  });

/** Puts a thread the server answered into the list (new or changed), without refetching it. */
function useStoreThread(contractId: string) {
  const client = useQueryClient();
  return (thread: CommentThread) => {
    client.setQueryData<CommentThreadList>(contractKeys.comments(contractId), (list) => {
      if (!list) return { items: [thread] };
      const known = list.items.some((item) => item.id === thread.id);
      return {
        items: known
          ? list.items.map((item) => (item.id === thread.id ? thread : item))
          : [...list.items, thread],
      };
    });
  };
}

export function useCreateThread(contractId: string) {
  const store = useStoreThread(contractId);
  return useMutation({
    mutationFn: (input: CreateThreadInput) =>
      api.comments.create({ params: { id: contractId }, body: input }),
    onSuccess: store,
  });
}

export function useReply(contractId: string) {
  const store = useStoreThread(contractId);
  return useMutation({
    mutationFn: ({ threadId, ...body }: ReplyInput & { threadId: string }) =>
      api.comments.reply({ params: { id: contractId, threadId }, body }),
    onSuccess: store,
  });
}

export function useSetResolved(contractId: string) {
  const store = useStoreThread(contractId);
  return useMutation({
    mutationFn: ({ threadId, resolved }: { threadId: string; resolved: boolean }) =>
      resolved
        ? api.comments.resolve({ params: { id: contractId, threadId } })
        : api.comments.reopen({ params: { id: contractId, threadId } }),
    onSuccess: store,
  });
}
