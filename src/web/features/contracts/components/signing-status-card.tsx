import { useQuery } from '@tanstack/react-query';
import { Bell, CheckCircle2, Circle, Eye, Lock, Send, XCircle } from 'lucide-react';
import type { Contract } from '../../../../shared/api/contracts';
import { isDone, roleOf } from '../../../../shared/recipients';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { contractSigningQuery, useRemindSigner, useSendSignedCopy } from '../api/signing';
import { AddRecipientDialog } from './add-recipient-dialog';
import { CopySigningLink } from './copy-signing-link';
import { CorrectSignerDialog } from './correct-signer-dialog';
import { RemoveRecipientDialog } from './remove-recipient-dialog';
import { SignerCheckBadges } from './signer-checks';

const signerStatus = {
  pending: { label: 'Not opened yet', icon: Circle, tone: 'text-slate-400' },
  viewed: { label: 'Opened', icon: Eye, tone: 'text-indigo-500' },
  signed: { label: 'Signed', icon: CheckCircle2, tone: 'text-emerald-600' },
  approved: { label: 'Approved', icon: CheckCircle2, tone: 'text-emerald-600' },
  declined: { label: 'Declined', icon: XCircle, tone: 'text-red-600' },
  rejected: { label: 'Rejected', icon: XCircle, tone: 'text-red-600' },
  delegated: { label: 'Delegated', icon: Send, tone: 'text-slate-400' },
} as const;

/**
 * Each signer's status and times on a sent contract, with 'Remind' for those who have not signed
 * and, once the sealed PDF is stored, 'Send again' for those who have.
 */
export function SigningStatusCard({ contract }: { contract: Contract }) {
  const signing = useQuery(contractSigningQuery(contract.id));
  const remind = useRemindSigner(contract.id);
  const sendCopy = useSendSignedCopy(contract.id);
  const sealed = contract.status === 'signed' && Boolean(signing.data?.sealedAt);
  const extra = new Map(signing.data?.signers.map((signer) => [signer.id, signer]));
  return (
    <Card className="p-5">
      <div className="flex items-baseline justify-between">
        <h2 className="text-base font-semibold text-slate-900">Signers</h2>
        {signing.data && (
          <span className="text-xs text-slate-500">
            {signing.data.sequential ? 'One after another' : 'All at once'}
          </span>
        )}
      </div>
      <ul className="mt-3 divide-y divide-slate-100" aria-label="Signers">
        {contract.signers.map((signer) => {
          const status = signerStatus[signer.status];
          const Icon = status.icon;
          const info = extra.get(signer.id);
          const when = signer.signedAt ?? signer.declinedAt ?? signer.viewedAt ?? info?.invitedAt ?? null;
          // Only someone with a link and a part still to do: a CC has neither, a viewer who opened it is done.
          // Nobody e-mails an embedded recipient: the organization's own app shows them the page.
          const canRemind =
            !signer.embedded &&
            contract.status === 'sent' &&
            roleOf(signer.role).hasLink &&
            !isDone(signer) &&
            (signer.status === 'pending' || signer.status === 'viewed') &&
            Boolean(info?.invitedAt);
          // Out and not acted yet: correct them (or name one still to be named), copy their link.
          const canCorrect =
            contract.status === 'sent' &&
            (signer.status === 'pending' || (signer.status === 'viewed' && signer.role !== 'viewer'));
          const canSendAgain = sealed && signer.status === 'signed';
          return (
            <li key={signer.id} className="flex flex-wrap items-start gap-x-3 py-2.5">
              <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${status.tone}`} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">
                  {signing.data?.sequential && (
                    <span className="text-slate-500">{signer.signingOrder}. </span>
                  )}
                  {signer.name || 'To be named'}
                </p>
                <p className="truncate text-sm text-slate-500">{signer.email}</p>
                <p className="text-xs text-slate-500">
                  {roleOf(signer.role).label} ·{' '}
                  {signer.role === 'cc' && signer.status === 'pending' ? 'Gets a copy' : status.label}
                  {when && ` · ${formatDateTime(when)}`}
                  {signer.embedded && ' · Signs in your app'}
                </p>
                <SignerCheckBadges
                  accessCode={signer.accessCodeRequired}
                  emailCode={signer.emailCodeRequired}
                />
                {info?.declineReason && <p className="mt-1 text-xs text-red-700">“{info.declineReason}”</p>}
              </div>
              {(canCorrect || canRemind || canSendAgain) && (
                // On a row of their own, under the name, so a long name and address keep the width.
                <div className="flex basis-full flex-wrap gap-1 pl-5">
                  {canCorrect && <CorrectSignerDialog contractId={contract.id} signer={signer} />}
                  {canCorrect && <RemoveRecipientDialog contract={contract} recipient={signer} />}
                  {canRemind && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remind ${signer.name}`}
                      loading={remind.isPending && remind.variables === signer.id}
                      onClick={() => remind.mutate(signer.id)}
                    >
                      <Bell aria-hidden="true" className="size-4" /> Remind
                    </Button>
                  )}
                  {canCorrect && signer.email && roleOf(signer.role).hasLink && (
                    <CopySigningLink contractId={contract.id} signer={signer} />
                  )}
                  {canSendAgain && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Send the sealed PDF to ${signer.name} again`}
                      loading={sendCopy.isPending && sendCopy.variables === signer.id}
                      onClick={() => sendCopy.mutate(signer.id)}
                    >
                      <Send aria-hidden="true" className="size-4" /> Send again
                    </Button>
                  )}
                </div>
              )}
              {info?.authLocked && (
                // The whole row's width, under the name and the button, aligned with the name.
                <p className="mt-1 flex basis-full items-start gap-1 pl-7 text-xs font-medium text-red-700">
                  <Lock aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                  {signer.status !== 'signed'
                    ? 'Locked out after wrong codes. Send a reminder to let them try again.'
                    : sealed
                      ? 'Locked out of the download after wrong codes. Send the sealed PDF again: it goes to their e-mail, and their earlier links stop working.'
                      : 'Locked out after wrong codes. Once the contract is sealed, Send again mails them the sealed PDF.'}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {contract.status === 'sent' && signing.data?.sequential && (
        // Sent in order: someone may still join a group whose turn has not come.
        <div className="mt-3">
          <AddRecipientDialog contract={contract} />
        </div>
      )}
      {remind.isSuccess && (
        <p role="status" className="mt-2 text-xs text-emerald-700">
          Reminder queued.
        </p>
      )}
      {sendCopy.isSuccess && (
        <p role="status" className="mt-2 text-xs text-emerald-700">
          Sealed PDF queued for {contract.signers.find((signer) => signer.id === sendCopy.variables)?.name}.
        </p>
      )}
      {sendCopy.error && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {errorMessage(sendCopy.error, 'The sealed PDF could not be sent again.')}
        </p>
      )}
      {remind.error && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {errorMessage(remind.error, 'The reminder could not be sent.')}
        </p>
      )}
    </Card>
  );
}
