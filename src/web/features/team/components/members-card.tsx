import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '../../../../shared/api/auth';
import type { TeamMember } from '../../../../shared/api/team';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/dates';
import { sessionQuery } from '../../auth/api/session';
import { useChangeRole, useRemoveMember } from '../api/team';
import { MemberAvatar } from './member-avatar';
import { RoleBadge, roleLabels, roleSelectClass } from './role-badge';

const messageOf = (error: unknown) => errorMessage(error);

function MemberRow({
  member,
  canManage,
  onRemove,
}: {
  member: TeamMember;
  canManage: boolean;
  onRemove: () => void;
}) {
  const changeRole = useChangeRole();
  // The role being saved shows at once; the list's own value comes back if the server refuses it.
  const role = changeRole.isPending ? (changeRole.variables?.role ?? member.role) : member.role;
  return (
    <li className="py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <MemberAvatar name={member.name} avatarUrl={member.avatarUrl} />
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-900">
              <span className="wrap-anywhere">{member.name}</span>
              {member.you && (
                <span className="inline-flex items-center rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-700 ring-1 ring-green-200 ring-inset">
                  You
                </span>
              )}
              {!canManage && <RoleBadge role={member.role} />}
            </p>
            <p className="text-sm text-slate-500 wrap-anywhere">{member.email}</p>
            <p className="text-xs text-slate-500">Joined {formatDate(member.joinedAt)}</p>
          </div>
        </div>
        {canManage && (
          <div className="flex items-center gap-2 pl-13 sm:pl-0">
            <select
              aria-label={`Role of ${member.name}`}
              value={role}
              disabled={changeRole.isPending}
              onChange={(event) => {
                changeRole.mutate({ userId: member.userId, role: event.target.value as Role });
              }}
              className={`w-32 ${roleSelectClass}`}
            >
              {(['admin', 'member'] as const).map((option) => (
                <option key={option} value={option}>
                  {roleLabels[option]}
                </option>
              ))}
            </select>
            <Button
              variant="danger"
              size="sm"
              className="w-20"
              aria-label={member.you ? undefined : `Remove ${member.name}`}
              onClick={onRemove}
            >
              {member.you ? 'Leave' : 'Remove'}
            </Button>
          </div>
        )}
      </div>
      {changeRole.error && (
        <p role="alert" className="mt-2 pl-13 text-sm text-red-700">
          {messageOf(changeRole.error)}
        </p>
      )}
    </li>
  );
}

/** The organization's members: role and Remove for admins, read-only for members. */
export function MembersCard({
  members,
  canManage,
  organizationName,
}: {
  members: TeamMember[];
  canManage: boolean;
  organizationName: string;
}) {
  const remove = useRemoveMember();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const admins = members.filter((member) => member.role === 'admin').length;

  return (
    <Card>
      <section aria-labelledby="members-heading">
        <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
          <h2 id="members-heading" className="text-base font-semibold text-slate-900">
            Members <span className="font-normal text-slate-500">({members.length})</span>
          </h2>
          {canManage && admins === 1 && (
            <p className="mt-1 text-sm text-slate-600">
              An organization needs at least one admin: make someone else an admin before the last one steps
              down or leaves.
            </p>
          )}
        </div>
        <ul className="divide-y divide-slate-100 px-5 sm:px-6" aria-label="Members">
          {members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              canManage={canManage}
              onRemove={() => {
                remove.reset();
                setRemoving(member);
              }}
            />
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={removing?.you ? `Leave ${organizationName}?` : `Remove ${removing?.name ?? ''}?`}
        description={
          removing?.you
            ? `You lose access to ${organizationName} right away and are signed out of it.`
            : `${removing?.name ?? ''} loses access to ${organizationName} right away and is signed out of it. The contracts they created stay.`
        }
        confirmLabel={removing?.you ? 'Leave' : 'Remove member'}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!removing) return;
          const self = removing.you;
          remove.mutate(removing.userId, {
            onSuccess: () => {
              setRemoving(null);
              if (self) {
                // This session ended with the membership.
                client.clear();
                client.setQueryData(sessionQuery.queryKey, null);
                navigate('/login', { replace: true });
              }
            },
          });
        }}
      />
    </Card>
  );
}
