import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ReadOnlyDocument } from '../../../components/read-only-document';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { contractQuery } from '../../contracts/api/contracts';
import { suggestionQuery, useDecideSuggestion } from '../api/reviews';

type Decision = 'accept' | 'reject';

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

/**
 * /contracts/{id}/suggestions/{suggestionId}: a reviewer's suggestion as a redline of the version
 * they changed, every change numbered; the owner accepts or rejects each (or all), then applies.
 */
export function SuggestionPage() {
  const { id = '', suggestionId = '' } = useParams();
  const navigate = useNavigate();
  const suggestion = useQuery(suggestionQuery(id, suggestionId));
  const contract = useQuery(contractQuery(id));
  const decide = useDecideSuggestion(id, suggestionId);
  const [decisions, setDecisions] = useState<Record<number, Decision>>({});
  useDocumentTitle('Suggested changes');
  const data = suggestion.data;
  const changes = data?.changes ?? [];
  const decided = changes.every((change) => decisions[change.id]);
  const setAll = (decision: Decision) =>
    setDecisions(Object.fromEntries(changes.map((change) => [change.id, decision])));

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <ButtonLink to={`/contracts/${id}`} variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </ButtonLink>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {data ? `Suggestions from ${data.reviewer.name}` : 'Suggested changes'}
        </h1>
      </div>
      {suggestion.isError && <ErrorBanner>{errorMessage(suggestion.error)}</ErrorBanner>}
      {data && (
        <>
          <p className="text-sm text-slate-600">
            Made on version {data.baseVersion}, {formatDateTime(data.createdAt)}.
            {data.draftChanged &&
              ' The draft changed since: accepted changes are merged into it, and a change to a passage the draft also changed is refused.'}
          </p>
          {data.note && (
            <blockquote className="rounded-md bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
              {data.note}
            </blockquote>
          )}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <ReadOnlyDocument content={data.document} label="Suggested changes" redline />
            </div>
            <Card className="space-y-4 p-5">
              <h2 className="text-sm font-semibold text-slate-900">
                {changes.length} change{changes.length === 1 ? '' : 's'}
              </h2>
              {data.status !== 'open' ? (
                <p className="text-sm text-slate-700">
                  Decided {data.decidedAt ? formatDateTime(data.decidedAt) : ''}: {data.accepted} accepted,{' '}
                  {data.rejected} rejected.
                </p>
              ) : (
                <>
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setAll('accept')}>
                      Accept all
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setAll('reject')}>
                      Reject all
                    </Button>
                  </div>
                  <ol className="space-y-3" aria-label="Changes">
                    {changes.map((change) => (
                      <li key={change.id} className="text-sm">
                        <p className="text-slate-800">
                          <span className="font-medium">{change.id}.</span>{' '}
                          {change.deleted && <del className="text-red-700">{excerpt(change.deleted)}</del>}{' '}
                          {change.inserted && <ins className="text-blue-700">{excerpt(change.inserted)}</ins>}
                        </p>
                        <fieldset className="mt-1 flex gap-2" aria-label={`Change ${change.id}`}>
                          {(['accept', 'reject'] as const).map((decision) => (
                            <Button
                              key={decision}
                              size="sm"
                              variant={decisions[change.id] === decision ? undefined : 'secondary'}
                              aria-pressed={decisions[change.id] === decision}
                              onClick={() =>
                                setDecisions((current) => ({ ...current, [change.id]: decision }))
                              }
                            >
                              {decision === 'accept' ? 'Accept' : 'Reject'}
                            </Button>
                          ))}
                        </fieldset>
                      </li>
                    ))}
                  </ol>
                  {decide.error ? <ErrorBanner>{errorMessage(decide.error)}</ErrorBanner> : null}
                  <Button
                    disabled={!decided || !contract.data}
                    loading={decide.isPending}
                    onClick={() =>
                      decide.mutate(
                        {
                          accept: changes
                            .filter((change) => decisions[change.id] === 'accept')
                            .map((change) => change.id),
                          ...(contract.data ? { baseRevision: contract.data.revision } : {}),
                        },
                        { onSuccess: () => navigate(`/contracts/${id}`) },
                      )
                    }
                  >
                    Apply decisions
                  </Button>
                  {!decided && (
                    <p className="text-xs text-slate-500">Accept or reject every change to apply.</p>
                  )}
                </>
              )}
            </Card>
          </div>
        </>
      )}
      {suggestion.isPending && (
        <div
          className="h-96 animate-pulse rounded-lg bg-slate-100"
          role="status"
          aria-label="Loading suggestion"
        />
      )}
    </div>
  );
}
