import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { ErrorBanner } from '../../../components/ui/banner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../auth/api/session';
import { teamQuery } from '../api/team';
import { InvitationsCard } from '../components/invitations-card';
import { InviteForm } from '../components/invite-form';
import { MembersCard } from '../components/members-card';

/** /team: the members and their roles; admins invite, change roles and remove, members read. */
export function TeamPage() {
  useDocumentTitle('Team');
  const session = useSession();
  const team = useQuery(teamQuery);
  const canManage = session.data?.role === 'admin';
  const organizationName = session.data?.organization.name ?? 'the organization';

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Team</h1>
        <p className="mt-1 text-sm text-slate-600">Everyone in {organizationName} and what they can do.</p>
      </div>
      {!canManage && session.data && (
        <div
          role="note"
          className="flex items-start gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <p>You can see your team here. Only an admin can invite people, change roles or remove members.</p>
        </div>
      )}
      {canManage && <InviteForm />}
      {team.data ? (
        <>
          <MembersCard
            members={team.data.members}
            canManage={canManage}
            organizationName={organizationName}
          />
          <InvitationsCard invitations={team.data.invitations} canManage={canManage} />
        </>
      ) : team.isError ? (
        <ErrorBanner>
          The team could not be loaded: {team.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void team.refetch()}>
            Try again
          </button>
        </ErrorBanner>
      ) : (
        <div role="status" aria-label="Loading team" className="space-y-6">
          {[0, 1].map((n) => (
            <div key={n} className="h-40 animate-pulse rounded-lg bg-slate-100" />
          ))}
        </div>
      )}
    </div>
  );
}
