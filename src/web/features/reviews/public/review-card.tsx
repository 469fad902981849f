import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SuggestionStatus } from '../../../../shared/enums';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { reviewersQuery, suggestionsQuery } from '../api/reviews';
import { SendForReviewDialog } from '../components/send-for-review-dialog';

const statusLabels: Record<SuggestionStatus, string> = {
  open: 'Waiting for you',
  accepted: 'Accepted',
  partly_accepted: 'Partly accepted',
  rejected: 'Rejected',
};

/**
 * The draft's review by the other side: who reviews it, their suggestions (each opens as a
 * redline to decide on), and sending it for a review round. `canSend`: the draft is saved as
 * shown (a review is of what is stored).
 */
export function ReviewCard({
  contractId,
  revision,
  canSend,
}: {
  contractId: string;
  revision: number;
  canSend: boolean;
}) {
  const reviewers = useQuery(reviewersQuery(contractId));
  const suggestions = useQuery(suggestionsQuery(contractId));
  const [sending, setSending] = useState(false);
  const people = reviewers.data?.items ?? [];
  const items = suggestions.data?.items ?? [];
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <MessagesSquare aria-hidden="true" className="size-4 text-slate-500" />
          Review
        </h2>
        <Button size="sm" variant="secondary" disabled={!canSend} onClick={() => setSending(true)}>
          Send for Review
        </Button>
      </div>
      {!canSend && <p className="mt-2 text-xs text-slate-500">Save the draft to send it for review.</p>}
      {people.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">
          No reviewers yet. Send the draft to the other side to review.
        </p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label="Reviewers">
          {people.map((person) => (
            <li key={person.id} className="text-sm">
              <p className="font-medium text-slate-900">{person.name}</p>
              <p className="text-slate-600">
                {person.email} ·{' '}
                {person.lastViewedAt ? `opened ${formatDateTime(person.lastViewedAt)}` : 'not opened yet'}
              </p>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <>
          <h3 className="mt-4 text-xs font-semibold tracking-wide text-slate-500 uppercase">Suggestions</h3>
          <ul className="mt-2 space-y-2" aria-label="Suggestions">
            {items.map((suggestion) => (
              <li key={suggestion.id} className="text-sm">
                <Link
                  to={`/contracts/${contractId}/suggestions/${suggestion.id}`}
                  className="font-medium text-indigo-700 hover:underline"
                >
                  {suggestion.reviewer.name} on version {suggestion.baseVersion}
                </Link>
                <p className="text-slate-600">
                  {statusLabels[suggestion.status]} · {formatDateTime(suggestion.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      <SendForReviewDialog
        contractId={contractId}
        revision={revision}
        open={sending}
        onOpenChange={setSending}
        known={people.map(({ name, email }) => ({ name, email }))}
      />
    </Card>
  );
}
