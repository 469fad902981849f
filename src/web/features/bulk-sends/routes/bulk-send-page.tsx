import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileX2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { AppError } from '../../../../shared/errors';
import { ErrorBanner } from '../../../components/ui/banner';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { bulkSendKeys, contractKeys, dashboardKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { bulkSendQuery } from '../api/bulk-sends';
import { BulkStatusBadge } from '../components/bulk-status-badge';
import { CheckingRowsCard } from '../components/checking-rows-card';
import { MappingCard } from '../components/mapping-card';
import { ProgressCard } from '../components/progress-card';
import { SendCard } from '../components/send-card';
import { SentRowsCard } from '../components/sent-rows-card';

/**
 * /bulk-sends/{id}: a batch. While it is checked, its columns' mapping, its rows to fix and Send;
 * once sent, its progress (followed live) and each row's contract.
 */
export function BulkSendPage() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const batch = useQuery(bulkSendQuery(id));
  const status = batch.data?.status;
  useDocumentTitle(batch.data ? `Bulk send: ${batch.data.template.title}` : 'Bulk send');

  // The rows' last poll may come before the batch's: once it changes state, they are read again,
  // and so are the lists its contracts are counted in.
  useEffect(() => {
    if (!status) return;
    void client.invalidateQueries({ queryKey: bulkSendKeys.allRows(id) });
    if (status !== 'checking') {
      void client.invalidateQueries({ queryKey: contractKeys.lists() });
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
    }
  }, [client, id, status]);

  if (batch.error instanceof AppError && batch.error.code === 'NOT_FOUND') return <BulkSendNotFound />;
  if (batch.error) {
    return <ErrorBanner>The bulk send could not be loaded: {errorMessage(batch.error)}</ErrorBanner>;
  }
  if (!batch.data) {
    return (
      <div
        role="status"
        aria-label="Loading bulk send"
        className="h-64 animate-pulse rounded-lg bg-slate-100"
      />
    );
  }
  const data = batch.data;

  return (
    <div className="space-y-6">
      <div>
        <Link
          to="/bulk-sends"
          className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Bulk sends
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900">
            {data.template.title}
          </h1>
          <BulkStatusBadge status={data.status} />
        </div>
        <p className="text-meta mt-1 text-sm break-words">
          Bulk send from {data.fileName} · {data.rowCount} {data.rowCount === 1 ? 'row' : 'rows'} · started{' '}
          {formatDateTime(data.createdAt)} by {data.createdBy.name}
        </p>
      </div>
      {data.status === 'checking' ? (
        <>
          <SendCard batch={data} />
          <MappingCard batch={data} />
          <CheckingRowsCard batch={data} />
        </>
      ) : (
        <>
          <ProgressCard batch={data} />
          <SentRowsCard batch={data} />
        </>
      )}
    </div>
  );
}

function BulkSendNotFound() {
  useDocumentTitle('Bulk send not found');
  return (
    <Card className="mx-auto mt-8 max-w-lg px-6 py-12 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <FileX2 aria-hidden="true" className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Bulk send not found</h1>
      <p className="mt-2 text-sm text-slate-600">
        This bulk send does not exist or is not in your organization. It may have been discarded.
      </p>
      <ButtonLink to="/bulk-sends" className="mt-6">
        Back to bulk sends
      </ButtonLink>
    </Card>
  );
}
