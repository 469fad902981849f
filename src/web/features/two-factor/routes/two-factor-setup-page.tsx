import { ShieldAlert } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../../../shared/api/auth';
import { TopBarFrame, Wordmark } from '../../../app/shell/top-bar-frame';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignOut } from '../../auth/api/session';
import { useTwoFactorStatus } from '../api/two-factor';
import { AuthenticatorAppPanel } from '../components/authenticator-app-panel';
import { PasskeysPanel } from '../components/passkeys-panel';

/**
 * What a member sees while their organization requires two-factor sign-in and they have not set
 * it up: only this (every other API call answers 403 TWO_FACTOR_SETUP_REQUIRED). Once an app or
 * a passkey is set up, the session's user says so and the app opens.
 */
export function TwoFactorSetupPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Set up two-factor sign-in');
  const status = useTwoFactorStatus();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <>
      {/* Signed in, but nowhere else to go yet: the wordmark alone, no sign-up or log-in. */}
      <TopBarFrame>
        <Wordmark to="/" />
      </TopBarFrame>
      <main className="min-h-screen bg-slate-50 px-4 pt-28 pb-12">
        <div className="mx-auto w-full max-w-2xl">
          <div className="flex items-start gap-3">
            <ShieldAlert aria-hidden="true" className="mt-1 size-6 shrink-0 text-indigo-600" />
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">Set up two-factor sign-in</h1>
              <p className="mt-2 text-sm text-slate-600">
                {user.organization.name} requires everyone to sign in with a second factor. Set up an
                authenticator app or a passkey to continue, {user.name}.
              </p>
            </div>
          </div>
          <div className="mt-8 space-y-6 rounded-lg bg-white px-4 py-6 shadow-sm ring-1 ring-slate-200 sm:px-8">
            {status.data ? (
              <>
                <AuthenticatorAppPanel status={status.data} />
                <div className="border-t border-slate-100 pt-6">
                  <PasskeysPanel status={status.data} />
                </div>
              </>
            ) : status.isError ? (
              <ErrorBanner>{status.error.message}</ErrorBanner>
            ) : (
              <div
                role="status"
                aria-label="Loading"
                className="h-32 animate-pulse rounded-md bg-slate-100"
              />
            )}
          </div>
          <div className="mt-6 text-center">
            <Button
              variant="ghost"
              loading={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })
              }
            >
              Sign out
            </Button>
          </div>
        </div>
      </main>
    </>
  );
}
