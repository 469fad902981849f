import { useInfiniteQuery } from '@tanstack/react-query';
import { Bell, PenLine } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type SignerStatus, signerStatuses } from '../../../../shared/statuses';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadMore } from '../../../components/ui/load-more';
import { errorMessage } from '../../../lib/api-errors';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { signatureRequestsQuery, useRemindFromList } from '../api/signatures';
import { SavedSignatureCard } from '../components/saved-signature-card';

const statusLabels: Record<SignerStatus, string> = {
  pending: 'Not opened',
  viewed: 'Opened',
  signed: 'Signed',
  approved: 'Approved',
  declined: 'Declined',
  rejected: 'Rejected',
  delegated: 'Delegated',
};
const statusTones: Record<SignerStatus, string> = {
  pending: 'bg-slate-100 text-slate-700 ring-slate-200',
  viewed: 'bg-blue-50 text-blue-700 ring-blue-200',
  signed: 'bg-green-50 text-green-700 ring-green-200',
  approved: 'bg-green-50 text-green-700 ring-green-200',
  declined: 'bg-red-50 text-red-700 ring-red-200',
  rejected: 'bg-red-50 text-red-700 ring-red-200',
  delegated: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** /signatures: every signature request of the organization, and the user's saved signature. */
export function SignaturesPage() {
  useDocumentTitle('Signatures');
  const [status, setStatus] = useState<SignerStatus | ''>('');
  const requests = useInfiniteQuery(signatureRequestsQuery(status));
  const remind = useRemindFromList();
  const [reminded, setReminded] = useState<string | null>(null);
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Signatures</h1>
          <p className="mt-1 text-sm text-slate-600">
            Everyone your organization has asked to sign, and where they are.
          </p>
        </div>
        <select
          aria-label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as SignerStatus | '')}
          className="h-10 rounded-md border-0 bg-white pr-8 pl-3 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
        >
          <option value="">All statuses</option>
          {signerStatuses.map((value) => (
            <option key={value} value={value}>
              {statusLabels[value]}
            </option>
          ))}
        </select>
      </div>
      {requests.error && (
        <ErrorBanner>The signature requests could not be loaded: {requests.error.message}</ErrorBanner>
      )}
      {remind.error && (
        <ErrorBanner>{errorMessage(remind.error, 'The reminder could not be sent.')}</ErrorBanner>
      )}
      <Card>
        {requests.isPending ? (
          <div
            role="status"
            aria-label="Loading signature requests"
            className="h-48 animate-pulse bg-slate-50"
          />
        ) : items.length === 0 ? (
          <div className="px-6 py-14 text-center">
            <PenLine aria-hidden="true" className="mx-auto size-10 text-slate-300" />
            <p className="mt-3 text-sm font-medium text-slate-900">
              {status ? 'No signature requests with this status' : 'No signature requests yet'}
            </p>
            <p className="mt-1 text-sm text-slate-500">
              They appear here once you send a contract for signing.
            </p>
          </div>
        ) : (
          <ul aria-label="Signature requests" className="divide-y divide-slate-100">
            {items.map((item) => (
              <li
                key={item.signerId}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6"
              >
                <div className="min-w-0 flex-1 basis-56">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {item.name} <span className="font-normal text-slate-500">{item.email}</span>
                  </p>
                  <Link
                    to={`/contracts/${item.contract.id}`}
                    className="block truncate text-sm text-indigo-600 hover:text-indigo-500"
                  >
                    {item.contract.title}
                  </Link>
                </div>
                <div className="text-xs text-slate-500">
                  {item.sentAt && <p>Sent {formatDate(item.sentAt)}</p>}
                  {item.lastActivityAt && <p>Last activity {formatDateTime(item.lastActivityAt)}</p>}
                </div>
                <span
                  className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${statusTones[item.status]}`}
                >
                  {statusLabels[item.status]}
                </span>
                <div className="w-24 text-right">
                  {item.canRemind &&
                    (reminded === item.signerId ? (
                      <span role="status" className="text-xs text-emerald-700">
                        Reminded
                      </span>
                    ) : (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remind ${item.name}`}
                        loading={remind.isPending && remind.variables?.signerId === item.signerId}
                        onClick={() =>
                          remind.mutate(
                            { contractId: item.contract.id, signerId: item.signerId },
                            { onSuccess: () => setReminded(item.signerId) },
                          )
                        }
                      >
                        <Bell aria-hidden="true" className="size-4" /> Remind
                      </Button>
                    ))}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <LoadMore pages={requests} />
      <SavedSignatureCard />
    </div>
  );
}
