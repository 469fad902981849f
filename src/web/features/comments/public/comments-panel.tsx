import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { useEffect, useMemo, useRef } from 'react';
import { contractKeys } from '../../../lib/query-keys';
import { teamQuery } from '../../team/api/team';
import type { CommentsScope } from '../api/comments';
import type { Mentionable } from '../components/mention-textarea';
import { ThreadsPanel } from '../components/threads-panel';
import type { Viewer } from '../components/viewer';

type TeamProps = {
  editor: Editor | null;
  contractId: string;
  /** The stored revision: a save re-anchors threads on the server, so they are read again. */
  revision: number;
};

type ReviewerProps = {
  editor: Editor | null;
  reviewerId: string;
  /** The organization whose draft it is: the other side, as the reviewer sees it. */
  organizationName: string;
};

/** The team's comments beside the contract editor. */
export function CommentsPanel({ editor, contractId, revision }: TeamProps) {
  const client = useQueryClient();
  const team = useQuery(teamQuery);
  const people = useMemo<Mentionable[]>(
    () =>
      (team.data?.members ?? [])
        .filter((member) => !member.you)
        .map((member) => ({ id: member.userId, name: member.name })),
    [team.data],
  );
  const scope = useMemo<CommentsScope>(() => ({ kind: 'team', contractId }), [contractId]);
  const viewer = useMemo<Viewer>(() => ({ kind: 'team', people }), [people]);

  // A save re-anchored the threads on the server: read them again.
  const seenRevision = useRef(revision);
  useEffect(() => {
    if (seenRevision.current === revision) return;
    seenRevision.current = revision;
    void client.invalidateQueries({ queryKey: contractKeys.comments(contractId) });
  }, [client, contractId, revision]);

  return <ThreadsPanel editor={editor} scope={scope} viewer={viewer} />;
}

/**
 * The reviewer's comments beside the draft on the review page: the same panel and highlights,
 * reaching the shared threads through the reviewer's routes.
 */
export function ReviewerCommentsPanel({ editor, reviewerId, organizationName }: ReviewerProps) {
  const scope = useMemo<CommentsScope>(() => ({ kind: 'reviewer', reviewerId }), [reviewerId]);
  const viewer = useMemo<Viewer>(
    () => ({ kind: 'reviewer', reviewerId, organizationName }),
    [reviewerId, organizationName],
  );
  return <ThreadsPanel editor={editor} scope={scope} viewer={viewer} />;
}
