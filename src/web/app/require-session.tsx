import { Loader2 } from 'lucide-react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../features/auth/api/session';
import { TwoFactorSetupPage } from '../features/two-factor/routes/two-factor-setup-page';
import { AppShell } from './shell/app-shell';

/** Signed-in screens: anonymous visitors go to /login and come back here afterwards. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Loading">
        <Loader2 aria-hidden="true" className="size-6 animate-spin text-slate-400" />
      </div>
    );
  }
  if (session.isError) throw session.error;
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  // The organization requires a second factor this person has not set up: nothing else is open.
  if (session.data.twoFactorSetupRequired) return <TwoFactorSetupPage user={session.data} />;
  return <AppShell user={session.data} />;
}
