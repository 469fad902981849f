import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CommentThread,
  CommentThreadList,
  CreateThreadInput,
  ReplyInput,
} from '../../../../shared/api/comments';
import { api } from '../../../lib/api';
import { contractKeys, reviewKeys } from '../../../lib/query-keys';

/**
 * Whose comments: the team's on a contract (signed in), or a reviewer's on the draft they review
 * (their review cookie; the server shows them only the shared threads). The same threads either
 * way, through the two route groups.
 */
export type CommentsScope = { kind: 'team'; contractId: string } | { kind: 'reviewer'; reviewerId: string };

const keyOf = (scope: CommentsScope) =>
  scope.kind === 'team' ? contractKeys.comments(scope.contractId) : reviewKeys.comments(scope.reviewerId);

export const commentThreadsQuery = (scope: CommentsScope) =>
  queryOptions<CommentThreadList>({
    queryKey: keyOf(scope),
    queryFn: () =>
      scope.kind === 'team'
        ? api.comments.list({ params: { id: scope.contractId } })
        : api.reviewComments.list({ params: { reviewerId: scope.reviewerId } }),
  });

/** Puts a thread the server answered into the list (new or changed), without refetching it. */
function useStoreThread(scope: CommentsScope) {
  const client = useQueryClient();
  return (thread: CommentThread) => {
    client.setQueryData<CommentThreadList>(keyOf(scope), (list) => {
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

export function useCreateThread(scope: CommentsScope) {
  const store = useStoreThread(scope);
  return useMutation({
    mutationFn: (input: CreateThreadInput) =>
      scope.kind === 'team'
        ? api.comments.create({ params: { id: scope.contractId }, body: input })
        : api.reviewComments.create({ params: { reviewerId: scope.reviewerId }, body: input }),
    onSuccess: store,
  });
}

export function useReply(scope: CommentsScope) {
  const store = useStoreThread(scope);
  return useMutation({
    mutationFn: ({ threadId, ...body }: ReplyInput & { threadId: string }) =>
      scope.kind === 'team'
        ? api.comments.reply({ params: { id: scope.contractId, threadId }, body })
        : api.reviewComments.reply({ params: { reviewerId: scope.reviewerId, threadId }, body }),
    onSuccess: store,
  });
}

export function useSetResolved(scope: CommentsScope) {
  const store = useStoreThread(scope);
  return useMutation({
    mutationFn: ({ threadId, resolved }: { threadId: string; resolved: boolean }) => {
      if (scope.kind === 'reviewer') {
        const params = { reviewerId: scope.reviewerId, threadId };
        return resolved ? api.reviewComments.resolve({ params }) : api.reviewComments.reopen({ params });
      }
      const params = { id: scope.contractId, threadId };
      return resolved ? api.comments.resolve({ params }) : api.comments.reopen({ params });
    },
    onSuccess: store,
  });
}
