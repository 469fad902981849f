import { useQuery } from '@tanstack/react-query';
import { Mail, RotateCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { Contract } from '../../../../shared/api/contracts';
import type { HistoryAction } from '../../../../shared/api/history';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { contractHistoryQuery, contractSigningQuery, useResendMail } from '../api/signing';

const actionLabels: Record<HistoryAction, string> = {
  created: 'Created',
  updated: 'Edited',
  created_from_template: 'Created from a template',
  sent: 'Sent for signing',
  viewed: 'Opened',
  signed: 'Signed',
  declined: 'Declined',
  reminded: 'Reminder sent',
  canceled: 'Canceled',
  expired: 'Expired',
  completed: 'Completed',
  sealed: 'Sealed',
  signed_copy_sent: 'Sealed PDF sent again',
  mail_failed: 'E-mail not delivered',
  access_code_entered: 'Access code entered',
  email_code_sent: 'One-time code e-mailed',
  email_code_confirmed: 'One-time code confirmed',
  signer_locked: 'Signer locked out',
  version_restored: 'Version restored',
  file_added: 'PDF added',
  file_removed: 'PDF removed',
  review_sent: 'Sent for review',
  suggestions_made: 'Changes suggested',
  suggestions_decided: 'Suggestions decided',
  approval_requested: 'Approval requested',
  approval_approved: 'Approved',
  approval_rejected: 'Approval rejected',
  approval_withdrawn: 'Approval withdrawn',
  turn_reached: 'Next group invited',
  approved: 'Approved',
  rejected: 'Rejected',
  witnessed: 'Witnessed',
  recipient_named: 'Recipient named',
  delegated: 'Delegated',
  recipient_corrected: 'Recipient corrected',
  recipient_added: 'Recipient added',
  link_copied: 'Signing link copied',
  terms_changed: 'Key terms changed',
  deadline_reminded: 'Deadline reminder',
  renewed: 'Renewed',
  recipient_removed: 'Recipient removed',
};

/** The history (with its hash-chain check) and any e-mail that could not be delivered. */
export function ActivityCard({ contract }: { contract: Contract }) {
  const history = useQuery(contractHistoryQuery(contract.id));
  const signing = useQuery(contractSigningQuery(contract.id));
  const resend = useResendMail(contract.id);
  const failed = signing.data?.mail.filter((mail) => mail.status === 'failed') ?? [];
  const verification = history.data?.verification;
  return (
    <Card className="p-5">
      {failed.length > 0 && (
        <div className="mb-5 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200" role="alert">
          <p className="text-sm font-medium text-amber-900">Some e-mails could not be delivered</p>
          <ul className="mt-2 space-y-2">
            {failed.map((mail) => (
              <li key={mail.id} className="flex items-center gap-3 text-sm text-amber-900">
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                <span className="min-w-0 flex-1 truncate">
                  {mail.kind} to {mail.to.email}
                  {mail.lastError && <span className="text-amber-700"> · {mail.lastError}</span>}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={resend.isPending && resend.variables === mail.id}
                  onClick={() => resend.mutate(mail.id)}
                >
                  <RotateCw aria-hidden="true" className="size-3.5" /> Resend
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">History</h2>
        {verification &&
          (verification.intact ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700">
              <ShieldCheck aria-hidden="true" className="size-4" /> Chain intact ({verification.entries}{' '}
              entries)
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-red-700">
              <ShieldAlert aria-hidden="true" className="size-4" /> Chain broken at entry{' '}
              {verification.brokenAtSeq}
            </span>
          ))}
      </div>
      <ol className="mt-3 space-y-3" aria-label="History">
        {history.data?.items
          .slice()
          .reverse()
          .map((entry) => (
            <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
              <p className="text-sm text-slate-900">
                <span className="font-medium">{actionLabels[entry.action] ?? entry.action}</span>
                <span className="text-slate-500"> · {entry.userName}</span>
              </p>
              {entry.details && <p className="break-words text-xs text-slate-600">{entry.details}</p>}
              <p className="text-xs text-meta">
                {formatDateTime(entry.timestamp)}
                {entry.ip && ` · ${entry.ip}`}
              </p>
            </li>
          ))}
      </ol>
    </Card>
  );
}
