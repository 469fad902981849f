import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ContractApproval, ContractApprover } from '../../../../shared/api/approvals';
import { AppError } from '../../../../shared/errors';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { contractApprovalQuery, useDecideApproval, useRequestApproval } from '../api/approvals';

const stateLabels: Record<ContractApproval['state'], string> = {
  not_required: 'Not needed',
  not_requested: 'Approval needed',
  pending: 'Waiting for approval',
  rejected: 'Rejected',
  approved: 'Approved',
};

const statusLabels: Record<ContractApprover['status'], { label: string; tone: string }> = {
  not_requested: { label: 'Not asked yet', tone: 'bg-slate-100 text-slate-700' },
  requested: { label: 'Asked', tone: 'bg-amber-50 text-amber-800 ring-1 ring-amber-200' },
  approved: { label: 'Approved', tone: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' },
  rejected: { label: 'Rejected', tone: 'bg-red-50 text-red-800 ring-1 ring-red-200' },
  withdrawn: { label: 'Asked again (changed)', tone: 'bg-amber-50 text-amber-800 ring-1 ring-amber-200' },
};

/**
 * What the approver typed, and why their last decision was refused, kept by contract beyond the
 * card: when the text changed under them the editor starts afresh from the stored contract (which
 * mounts a new card), and their comment must survive that.
 */
const kept = new Map<string, { comment: string; changed: string | null }>();

/**
 * A draft's approvals: who the organization's rules ask to approve it, where each stands, and the
 * caller's part — request approval, or approve or reject with a comment. The server decides
 * everything (sending stays refused until all approve); this card only shows it. A decision is
 * for the revision on screen (`shownRevision`): if the draft changed meanwhile the server refuses
 * it, and `onTextChanged` shows the approver the current text to read before deciding.
 */
export function ApprovalsCard({
  contractId,
  dirty,
  shownRevision,
  onTextChanged,
}: {
  contractId: string;
  dirty: boolean;
  /** The stored revision whose text the editor shows (read at the click). */
  shownRevision: () => number | undefined;
  onTextChanged: () => void;
}) {
  const approval = useQuery(contractApprovalQuery(contractId));
  const request = useRequestApproval(contractId);
  const decide = useDecideApproval(contractId);
  const [comment, setCommentState] = useState(() => kept.get(contractId)?.comment ?? '');
  const [changed, setChanged] = useState(() => kept.get(contractId)?.changed ?? null);
  // Said once: the refusal shows on the card that reloaded for it, not on a later visit.
  useEffect(() => {
    const entry = kept.get(contractId);
    if (entry?.changed) kept.set(contractId, { ...entry, changed: null });
  }, [contractId]);
  const setComment = (value: string) => {
    setCommentState(value);
    kept.set(contractId, { comment: value, changed: null });
  };
  const data = approval.data;
  if (!data || data.state === 'not_required') return null;
  const canDecide = data.approvers.some((entry) => entry.canDecide);
  const error = request.error ?? decide.error;
  const onDecide = (decision: 'approve' | 'reject') => {
    const baseRevision = shownRevision();
    if (baseRevision === undefined) return;
    setChanged(null);
    decide.mutate(
      { decision, comment, baseRevision },
      {
        onSuccess: () => {
          kept.delete(contractId);
          setCommentState('');
        },
        onError: (failure) => {
          if (!(failure instanceof AppError && failure.code === 'CONTRACT_CHANGED')) return;
          kept.set(contractId, { comment, changed: failure.message });
          setChanged(failure.message);
          onTextChanged();
        },
      },
    );
  };
  return (
    <Card className="p-5">
      <section aria-labelledby="approvals-heading">
        <div className="flex items-center justify-between gap-2">
          <h2 id="approvals-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <ShieldCheck aria-hidden="true" className="size-4 text-slate-500" />
            Approvals
          </h2>
          <span className="text-xs font-medium text-slate-600" data-testid="approval-state">
            {stateLabels[data.state]}
          </span>
        </div>
        <ul className="mt-3 space-y-3" aria-label="Approvers">
          {data.approvers.map((entry) => {
            const status = statusLabels[entry.status];
            const name = entry.approver?.name ?? 'Any admin';
            return (
              <li key={entry.approver?.id ?? 'any-admin'} className="text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 truncate font-medium text-slate-900">{name}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.tone}`}>
                    {status.label}
                  </span>
                </div>
                {entry.decidedBy && entry.decidedAt && (
                  <p className="text-xs text-slate-600">
                    {entry.anyAdmin ? `${entry.decidedBy.name} · ` : ''}
                    {formatDateTime(entry.decidedAt)}
                    {entry.version !== null && ` · version ${entry.version}`}
                  </p>
                )}
                {entry.comment && (
                  <p className="mt-1 border-l-2 border-slate-200 pl-2 text-sm break-words text-slate-700">
                    {entry.comment}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        {data.requestedBy && data.requestedAt && (
          <p className="mt-3 text-xs text-slate-500">
            Requested by {data.requestedBy.name} · {formatDateTime(data.requestedAt)}
          </p>
        )}
        {data.blocking && (
          <p className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {data.blocking}
          </p>
        )}
        {changed ? (
          <p
            role="alert"
            className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            {changed}
          </p>
        ) : (
          error && (
            <div className="mt-3">
              <ErrorBanner>{error.message}</ErrorBanner>
            </div>
          )
        )}
        {dirty && (data.canRequest || canDecide) && (
          <p className="mt-3 text-xs text-slate-600">Save the draft first: approval is for what is saved.</p>
        )}
        {canDecide && (
          <div className="mt-4 space-y-2">
            <label htmlFor="approval-comment" className="block text-sm font-medium text-slate-700">
              Comment
            </label>
            <textarea
              id="approval-comment"
              rows={3}
              maxLength={2000}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              placeholder="Needed to reject; optional to approve"
              className="block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600"
            />
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                disabled={dirty}
                loading={decide.isPending && decide.variables?.decision === 'approve'}
                onClick={() => onDecide('approve')}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={dirty || comment.trim() === ''}
                loading={decide.isPending && decide.variables?.decision === 'reject'}
                onClick={() => onDecide('reject')}
              >
                Reject
              </Button>
            </div>
          </div>
        )}
        {data.canRequest && (
          <Button
            className="mt-4"
            size="sm"
            variant={canDecide ? 'secondary' : 'primary'}
            disabled={dirty}
            loading={request.isPending}
            onClick={() => request.mutate()}
          >
            {data.state === 'not_requested' ? 'Request approval' : 'Request approval again'}
          </Button>
        )}
      </section>
    </Card>
  );
}
