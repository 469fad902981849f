import { Monitor, Smartphone } from 'lucide-react';
import type { ActiveSession } from '../../../../shared/api/profile';
import { ProfileSection, SectionBody } from '../../../components/profile-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/dates';
import { useActiveSessions, useEndOtherSessions, useEndSession } from '../api/profile';

const isPhone = (device: string) => / on (iOS|Android)$/.test(device);

function SessionRow({
  session,
  ending,
  disabled,
  onEnd,
}: {
  session: ActiveSession;
  ending: boolean;
  disabled: boolean;
  onEnd: () => void;
}) {
  const Icon = isPhone(session.device) ? Smartphone : Monitor;
  return (
    <li className="flex items-center gap-3 py-3 sm:gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-900">
          <span className="wrap-anywhere">{session.device}</span>
          {session.current && (
            <span className="inline-flex items-center rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-700 ring-1 ring-green-200 ring-inset">
              This device
            </span>
          )}
        </p>
        <p className="mt-0.5 text-sm text-slate-500 wrap-anywhere">
          <span>{session.ip ?? 'Unknown address'}</span>
          <span aria-hidden="true" className="hidden sm:inline">
            {' · '}
          </span>
          <span className="block sm:inline">Signed in {formatDateTime(session.createdAt)}</span>
          <span aria-hidden="true" className="hidden sm:inline">
            {' · '}
          </span>
          <span className="block sm:inline">
            {session.current ? 'Active now' : `Last active ${formatDateTime(session.lastSeenAt)}`}
          </span>
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" loading={ending} disabled={disabled} onClick={onEnd}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Where the user is signed in: this device first, each other one can be signed out. */
export function SessionsCard() {
  const sessions = useActiveSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  const busy = endOne.isPending || endOthers.isPending;
  const failure = endOne.error ?? endOthers.error;

  return (
    <ProfileSection
      id="profile-sessions"
      title="Active sessions"
      description="The browsers and devices signed in to your account. Sign out any you do not recognize."
      action={
        <Button
          variant="secondary"
          loading={endOthers.isPending}
          disabled={busy || others === 0}
          onClick={() => {
            endOne.reset();
            endOthers.mutate();
          }}
        >
          Sign out all other sessions
        </Button>
      }
    >
      <SectionBody className="py-2 sm:py-2">
        {sessions.data ? (
          <ul className="divide-y divide-slate-100" aria-label="Active sessions">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                ending={endOne.isPending && endOne.variables === session.id}
                disabled={busy}
                onEnd={() => {
                  endOthers.reset();
                  endOne.mutate(session.id);
                }}
              />
            ))}
          </ul>
        ) : sessions.isError ? (
          <div className="py-3">
            <ErrorBanner>
              The sessions could not be loaded: {sessions.error.message}{' '}
              <button type="button" className="font-medium underline" onClick={() => void sessions.refetch()}>
                Try again
              </button>
            </ErrorBanner>
          </div>
        ) : (
          <div role="status" aria-label="Loading sessions" className="space-y-3 py-3">
            {[0, 1].map((n) => (
              <div key={n} className="h-12 animate-pulse rounded-md bg-slate-100" />
            ))}
          </div>
        )}
        {sessions.data && others === 0 && (
          <p className="pb-3 text-sm text-slate-500">You are not signed in anywhere else.</p>
        )}
        {failure && (
          <div className="pb-3">
            <ErrorBanner>{failure.message}</ErrorBanner>
          </div>
        )}
      </SectionBody>
    </ProfileSection>
  );
}
