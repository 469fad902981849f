import * as Dialog from '@radix-ui/react-dialog';
import { useInfiniteQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PublicLink } from '../../../../shared/api/public-links';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { linkSubmissionsQuery } from '../api/public-links';

/** A link's submissions: who, when, and where their contract stands (each opens its contract). */
export function LinkSubmissionsDialog({ link }: { link: PublicLink }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          Submissions ({link.submissions})
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                Submissions of {link.name}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                {link.submissions} in all, {link.submissionsToday} today (UTC).
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close">
                <X aria-hidden="true" className="size-4" />
              </Button>
            </Dialog.Close>
          </div>
          {open && <SubmissionsTable linkId={link.id} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SubmissionsTable({ linkId }: { linkId: string }) {
  const submissions = useInfiniteQuery(linkSubmissionsQuery(linkId));
  if (submissions.isPending) {
    return (
      <div className="mt-4 h-24 animate-pulse rounded bg-slate-100" role="status" aria-label="Loading" />
    );
  }
  if (submissions.isError) return <ErrorBanner>{errorMessage(submissions.error)}</ErrorBanner>;
  const items = submissions.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return <p className="mt-4 text-sm text-slate-600">Nobody has signed through this link yet.</p>;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs font-medium text-slate-600">
          <tr>
            <th className="py-2 pr-4">Visitor</th>
            <th className="py-2 pr-4">Submitted</th>
            <th className="py-2 pr-4">Contract</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.id}>
              <td className="py-2 pr-4">
                <div className="font-medium text-slate-900">{item.visitorName}</div>
                <div className="text-meta text-xs">{item.visitorEmail}</div>
              </td>
              <td className="text-meta py-2 pr-4 whitespace-nowrap">{formatDateTime(item.createdAt)}</td>
              <td className="py-2 pr-4">
                {item.contract ? (
                  <Link
                    to={`/contracts/${item.contract.id}`}
                    className="inline-flex items-center gap-2 text-indigo-700 hover:underline"
                  >
                    <StatusBadge status={item.contract.status} />
                    <span className="sr-only">{item.contract.title}</span>
                    <span aria-hidden="true">Open</span>
                  </Link>
                ) : (
                  <span className="text-meta">Deleted</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {submissions.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          loading={submissions.isFetchingNextPage}
          onClick={() => void submissions.fetchNextPage()}
        >
          Show more
        </Button>
      )}
    </div>
  );
}
