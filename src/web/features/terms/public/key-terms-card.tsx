import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff, CalendarClock, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Contract } from '../../../../shared/api/contracts';
import type { EditorNode } from '../../../../shared/api/editor-document';
import type { ContractTerms, TermSettings } from '../../../../shared/api/terms';
import { daysBetween, type SourcedTerm } from '../../../../shared/terms';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { formatDay, todayDay } from '../../../lib/dates';
import { daysLeftWords } from '../../../lib/days-left';
import { contractTermsQuery, termSettingsQuery, useWatch, watchingQuery } from '../api/terms';
import { TermsDialog } from '../components/terms-dialog';
import { durationWords, formatValue, renewalWords } from '../components/terms-words';

/** The document's merge fields (key and label), first of each key, in order. */
function mergeFieldsOf(contract: Contract): { key: string; label: string }[] {
  const found = new Map<string, string>();
  const stack: EditorNode[] = [contract.content as EditorNode];
  // Bounded by the document's size, which the server caps.
  while (stack.length > 0) {
    const node = stack.pop() as EditorNode;
    if (node.type === 'mergeField') {
      const key = String(node.attrs?.key ?? '');
      if (key && !found.has(key)) found.set(key, String(node.attrs?.label || key));
    }
    if (node.content)
      for (let i = node.content.length - 1; i >= 0; i -= 1) stack.push(node.content[i] as EditorNode);
  }
  return [...found].map(([key, label]) => ({ key, label }));
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2 py-1.5">
      <dt className="text-meta text-xs leading-5">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function customWords(value: string | number, kind: string): string {
  if (kind === 'date' && typeof value === 'string') return formatDay(value);
  return typeof value === 'number' ? value.toLocaleString() : value;
}

function TermsList({
  terms,
  settings,
  mergeFields,
}: {
  terms: ContractTerms;
  settings: TermSettings;
  mergeFields: { key: string; label: string }[];
}) {
  const today = todayDay();
  /** An empty term that a merge field fills says which; otherwise "Not set". */
  const unset = (term: SourcedTerm) => {
    const key = terms.sources[term];
    const label = key && (mergeFields.find((field) => field.key === key)?.label ?? key);
    return <span className="text-meta">{label ? `From the merge field ${label}` : 'Not set'}</span>;
  };
  const counterparty = [terms.counterpartyCompany, terms.counterpartyContact].filter(Boolean).join(' · ');
  const shownCustom = settings.fields.filter((field) => terms.custom[field.key] !== undefined);
  const duration = durationWords(terms);
  return (
    <dl className="mt-2 divide-y divide-slate-100">
      <Row label="Counterparty">
        {counterparty || unset('counterpartyCompany')}
        {terms.counterpartyEmail && (
          <span className="text-meta block text-xs">{terms.counterpartyEmail}</span>
        )}
      </Row>
      <Row label="Type">{terms.typeName ?? <span className="text-meta">Not set</span>}</Row>
      <Row label="Value">
        {terms.value !== null ? formatValue(terms.value, terms.currency) : unset('value')}
      </Row>
      <Row label="Effective">{terms.effectiveOn ? formatDay(terms.effectiveOn) : unset('effectiveOn')}</Row>
      <Row label="Ends">
        {terms.endOn
          ? formatDay(terms.endOn)
          : terms.duration === 'evergreen'
            ? 'No end date'
            : unset('endOn')}
        {duration && terms.duration === 'fixed' && (
          <span className="text-meta block text-xs">{duration}</span>
        )}
      </Row>
      <Row label="Renewal">
        {terms.renewal === 'automatic' && (
          <RefreshCw aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px] text-indigo-600" />
        )}
        {renewalWords(terms)}
      </Row>
      <Row label="Notice deadline">
        {terms.noticeOn ? (
          <>
            <span className="inline-flex items-center gap-1">
              <CalendarClock aria-hidden="true" className="size-3.5 text-amber-600" />
              {formatDay(terms.noticeOn)}
            </span>
            <span className="text-meta block text-xs">
              {terms.noticeDays} days' notice · {daysLeftWords(daysBetween(today, terms.noticeOn))}
            </span>
          </>
        ) : terms.noticeDays ? (
          `${terms.noticeDays} days' notice`
        ) : (
          <span className="text-meta">Not set</span>
        )}
      </Row>
      <Row label="Owner">{terms.ownerName ?? <span className="text-meta">Not set</span>}</Row>
      <Row label="Tags">
        {terms.tags.length > 0 ? (
          <ul aria-label="Tags" className="flex flex-wrap gap-1">
            {terms.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {tag}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-meta">None</span>
        )}
      </Row>
      {shownCustom.map((field) => (
        <Row key={field.id} label={field.name}>
          {customWords(terms.custom[field.key] as string | number, field.kind)}
        </Row>
      ))}
    </dl>
  );
}

function WatchButton({ contractId }: { contractId: string }) {
  const watching = useQuery(watchingQuery(contractId));
  const watch = useWatch(contractId);
  const on = watching.data?.watching ?? false;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={on}
        disabled={!watching.data}
        loading={watch.isPending}
        onClick={() => watch.mutate(!on)}
        title={on ? 'You hear of its deadlines' : 'Hear of its deadlines even if you do not own it'}
      >
        {on ? (
          <BellOff aria-hidden="true" className="size-4" />
        ) : (
          <Bell aria-hidden="true" className="size-4" />
        )}
        {on ? 'Unwatch' : 'Watch'}
      </Button>
      {watch.isError && <ErrorBanner>{errorMessage(watch.error)}</ErrorBanner>}
    </>
  );
}

/**
 * The key terms of a contract or a template, in the editor's side column, for the organization
 * only (never on the pages of the other side): shown compactly, edited in a dialog, and watched.
 */
export function KeyTermsCard({ contract }: { contract: Contract }) {
  const terms = useQuery(contractTermsQuery(contract.id));
  const settings = useQuery(termSettingsQuery);
  const template = contract.isTemplate;
  const followsMergeFields = template || contract.status === 'draft';
  const mergeFields = followsMergeFields ? mergeFieldsOf(contract) : [];
  return (
    <Card className="p-4">
      <section aria-labelledby="key-terms-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="key-terms-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <CalendarClock aria-hidden="true" className="size-4 text-slate-500" />
            Key terms
          </h2>
          <div className="flex items-center gap-1">
            {!template && <WatchButton contractId={contract.id} />}
            {terms.data && settings.data && (
              <TermsDialog
                terms={terms.data}
                settings={settings.data}
                mergeFields={followsMergeFields ? mergeFields : null}
                trigger={
                  <Button variant="secondary" size="sm">
                    Edit
                  </Button>
                }
              />
            )}
          </div>
        </div>
        {template && (
          <p className="mt-1 text-xs text-slate-600">
            Every contract made from this template starts with these terms.
          </p>
        )}
        {(terms.error || settings.error) && (
          <ErrorBanner>{errorMessage(terms.error ?? settings.error)}</ErrorBanner>
        )}
        {terms.data && settings.data ? (
          <TermsList terms={terms.data} settings={settings.data} mergeFields={mergeFields} />
        ) : (
          !terms.error && (
            <div
              role="status"
              aria-label="Loading key terms"
              className="mt-3 h-40 animate-pulse rounded bg-slate-50"
            />
          )
        )}
      </section>
    </Card>
  );
}
