import type { PendingInvitation } from '../../../../shared/api/team';
import { AppError } from '../../../../shared/errors';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/dates';
import { useRevokeInvitation } from '../api/team';
import { RoleBadge } from './role-badge';

function InvitationRow({ invitation, canManage }: { invitation: PendingInvitation; canManage: boolean }) {
  const revoke = useRevokeInvitation();
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-900">
          <span className="wrap-anywhere">{invitation.email}</span>
          <RoleBadge role={invitation.role} />
          {invitation.expired && (
            <span className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
              Expired
            </span>
          )}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          Invited by {invitation.invitedBy} on {formatDate(invitation.createdAt)}
          {' · '}
          {invitation.expired
            ? `expired ${formatDate(invitation.expiresAt)}: invite them again`
            : `expires ${formatDate(invitation.expiresAt)}`}
        </p>
        {revoke.error && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {revoke.error instanceof AppError
              ? revoke.error.message
              : 'Something went wrong. Please try again.'}
          </p>
        )}
      </div>
      {canManage && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:self-center"
          aria-label={`Revoke the invitation to ${invitation.email}`}
          loading={revoke.isPending}
          onClick={() => revoke.mutate(invitation.id)}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

/** Invitations nobody has answered yet; admins can revoke them. */
export function InvitationsCard({
  invitations,
  canManage,
}: {
  invitations: PendingInvitation[];
  canManage: boolean;
}) {
  return (
    <Card>
      <section aria-labelledby="invitations-heading">
        <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
          <h2 id="invitations-heading" className="text-base font-semibold text-slate-900">
            Pending invitations <span className="font-normal text-slate-500">({invitations.length})</span>
          </h2>
        </div>
        {invitations.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-500 sm:px-6">
            {canManage ? 'No pending invitations. Invite someone above.' : 'No pending invitations.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 px-5 sm:px-6" aria-label="Pending invitations">
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} canManage={canManage} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
