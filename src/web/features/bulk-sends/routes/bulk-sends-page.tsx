import { useInfiniteQuery } from '@tanstack/react-query';
import { Mails } from 'lucide-react';
import { Link } from 'react-router';
import type { BulkSend } from '../../../../shared/api/bulk-sends';
import { ErrorBanner } from '../../../components/ui/banner';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadMore } from '../../../components/ui/load-more';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { bulkSendListQuery } from '../api/bulk-sends';
import { BulkStatusBadge } from '../components/bulk-status-badge';

/** What a batch came to, in a few words: its problems while checked, its counts once sent. */
function countsOf(batch: BulkSend): string {
  const { counts, problems, rowCount } = batch;
  if (batch.status === 'checking') {
    return problems.count > 0
      ? `${rowCount} rows, ${problems.count} ${problems.count === 1 ? 'problem' : 'problems'}`
      : `${rowCount} rows, ready`;
  }
  const parts = [`${counts.sent} sent`];
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.queued > 0) parts.push(`${counts.queued} queued`);
  if (counts.stopped > 0) parts.push(`${counts.stopped} stopped`);
  return `${parts.join(', ')} of ${rowCount}`;
}

/** /bulk-sends: the organization's bulk sends, newest first, each leading to its page. */
export function BulkSendsPage() {
  useDocumentTitle('Bulk sends');
  const list = useInfiniteQuery(bulkSendListQuery);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Bulk sends</h1>
        <p className="mt-1 text-slate-600">
          Templates sent to many at once, a contract per row of a spreadsheet. Start one from a template's
          “Send in bulk”.
        </p>
      </div>
      {list.error && (
        <ErrorBanner>The bulk sends could not be loaded: {errorMessage(list.error)}</ErrorBanner>
      )}
      {list.isPending ? (
        <div
          role="status"
          aria-label="Loading bulk sends"
          className="h-64 animate-pulse rounded-lg bg-slate-100"
        />
      ) : items.length === 0 && !list.error ? (
        <Card className="px-6 py-16 text-center">
          <Mails aria-hidden="true" className="mx-auto size-10 text-slate-300" />
          <p className="mt-3 text-sm font-medium text-slate-900">No bulk sends yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Pick a template and choose “Send in bulk” to send it to a spreadsheet of people.
          </p>
          <ButtonLink to="/templates" className="mt-4">
            Go to templates
          </ButtonLink>
        </Card>
      ) : (
        <Card className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                {['Template', 'File', 'Status', 'Rows', 'Started'].map((name) => (
                  <th key={name} scope="col" className="px-4 py-2 font-medium whitespace-nowrap">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((batch) => (
                <tr key={batch.id}>
                  <td className="min-w-40 px-4 py-3">
                    <Link
                      to={`/bulk-sends/${batch.id}`}
                      className="font-medium text-slate-900 hover:text-indigo-600 hover:underline"
                    >
                      {batch.template.title}
                    </Link>
                  </td>
                  <td className="max-w-56 px-4 py-3 break-words text-slate-700">{batch.fileName}</td>
                  <td className="px-4 py-3">
                    <BulkStatusBadge status={batch.status} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{countsOf(batch)}</td>
                  <td className="text-meta px-4 py-3 whitespace-nowrap">{formatDateTime(batch.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <LoadMore pages={list} />
    </div>
  );
}
