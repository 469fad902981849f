import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download } from 'lucide-react';
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ReadOnlyDocument } from '../../../components/read-only-document';
import { ErrorBanner } from '../../../components/ui/banner';
import { ButtonLink, buttonClass } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { compareQuery, comparisonDownloadUrl, versionsQuery } from '../api/versions';

const words = (count: number) => `${count} word${count === 1 ? '' : 's'}`;

/** /contracts/{id}/compare?from=&to=: two versions as a redline, either picked from the list. */
export function ComparePage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const versions = useQuery(versionsQuery(id));
  const items = versions.data?.items ?? [];
  const latest = items[0]?.number ?? 1;
  const to = Number(params.get('to')) || latest;
  const from = Number(params.get('from')) || Math.max(1, to - 1);
  const redline = useQuery({ ...compareQuery(id, from, to), enabled: versions.isSuccess });
  const fromId = useId();
  const toId = useId();
  useDocumentTitle('Compare versions');

  const pick = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  const select = (key: 'from' | 'to', value: number, labelId: string, label: string) => (
    <div>
      <label htmlFor={labelId} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={labelId}
        value={value}
        onChange={(event) => pick(key, event.target.value)}
        className="mt-1 block h-10 w-full rounded-md border-0 bg-white px-3 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600 sm:w-56"
      >
        {items.map((version) => (
          <option key={version.number} value={version.number}>
            Version {version.number} · {version.author.name}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <ButtonLink to={`/contracts/${id}`} variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </ButtonLink>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Compare versions</h1>
      </div>
      {versions.isError && <ErrorBanner>{errorMessage(versions.error)}</ErrorBanner>}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        {select('from', from, fromId, 'From (earlier)')}
        {select('to', to, toId, 'To (later)')}
        {redline.data && (
          <p className="prose-contract text-sm text-slate-700" aria-live="polite">
            <ins className="redline-insertion">Added</ins> {words(redline.data.summary.insertedWords)} ·{' '}
            <del className="redline-deletion">Removed</del> {words(redline.data.summary.deletedWords)}
            {!redline.data.summary.wordByWord && ' · some passages differ too much to compare word by word'}
          </p>
        )}
        {redline.data && (
          <div className="flex gap-2 sm:ml-auto">
            {(['pdf', 'docx'] as const).map((kind) => (
              <a
                key={kind}
                href={comparisonDownloadUrl(id, from, to, kind)}
                download
                className={buttonClass('secondary', 'sm')}
              >
                <Download aria-hidden="true" className="size-4" />
                {kind === 'pdf' ? 'Download PDF' : 'Download .docx'}
              </a>
            ))}
          </div>
        )}
      </div>
      {redline.isError && <ErrorBanner>{errorMessage(redline.error)}</ErrorBanner>}
      {redline.isPending && versions.isSuccess && (
        <div
          className="h-96 animate-pulse rounded-lg bg-slate-100"
          role="status"
          aria-label="Comparing versions"
        />
      )}
      {redline.data && (
        <ReadOnlyDocument
          content={redline.data.document}
          label={`Changes from version ${from} to version ${to}`}
          redline
        />
      )}
    </div>
  );
}
