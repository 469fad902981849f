import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { SecondFactorMethod } from '../../../../shared/api/two-factor';
import { AppError } from '../../../../shared/errors';
import { providerFailureMessage } from '../../../../shared/provider-sign-in';
import { PublicTopBar } from '../../../app/shell/public-top-bar';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { api } from '../../../lib/api';
import { safeNextPath } from '../../../lib/safe-next';
import { pendingSecondFactorQuery, usePasskeySignIn } from '../../two-factor/api/two-factor';
import { SecondFactorForm } from '../../two-factor/public/second-factor-form';
import { providersQuery } from '../api/providers';
import { demoCredentialsQuery, useSession, useSignIn } from '../api/session';
import { DisabledProviderButton } from '../components/disabled-provider-button';

// The tooltip of a provider not configured comes after the screen: it is shown only on hover or focus.
const UnconfiguredProviderButton = lazy(() => import('../components/unconfigured-provider-button'));

/** A configured provider is a plain link to the server, which sends the browser on to it. */
function ProviderButton({ name, href }: { name: string; href: string | null }) {
  if (href) {
    return (
      <a href={href} className={buttonClass('secondary', 'md', 'w-full')}>
        {name}
      </a>
    );
  }
  return (
    <Suspense fallback={<DisabledProviderButton name={name} />}>
      <UnconfiguredProviderButton name={name} />
    </Suspense>
  );
}

export function LoginPage() {
  const session = useSession();
  const demo = useQuery(demoCredentialsQuery);
  const providers = useQuery(providersQuery);
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const passkeySignIn = usePasskeySignIn();
  // After a password here, or arriving from Google, Microsoft or a reset link (?step=two-factor).
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null);
  const arrivedForSecondStep = params.get('step') === 'two-factor';
  const pending = useQuery({ ...pendingSecondFactorQuery, enabled: arrivedForSecondStep && !secondFactor });
  const methods = secondFactor ?? (arrivedForSecondStep ? pending.data : null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const next = safeNextPath(params.get('next'));
  const signupPath = params.get('next') ? `/signup?next=${encodeURIComponent(next)}` : '/signup';

  if (session.data) return <Navigate to={next} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email, password, remember },
      {
        onSuccess: (outcome) =>
          'secondFactor' in outcome
            ? setSecondFactor(outcome.secondFactor.methods)
            : navigate(next, { replace: true }),
      },
    );
  };
  const startOver = () => {
    setSecondFactor(null);
    setPassword('');
    signIn.reset();
    client.removeQueries({ queryKey: pendingSecondFactorQuery.queryKey });
    setParams((current) => {
      current.delete('step');
      return current;
    });
  };
  // The server's own words (wrong credentials, too many attempts, unreachable), except for a
  // malformed field, which to the user is just a failed sign-in.
  const error = signIn.error;
  const message = passkeySignIn.error
    ? passkeySignIn.error.message
    : error instanceof AppError && error.code !== 'INVALID_INPUT'
      ? error.message
      : error
        ? 'Invalid email or password'
        : arrivedForSecondStep && pending.data === null && !secondFactor
          ? 'That sign-in took too long and expired. Sign in again.'
          : // Why a Google or Microsoft sign-in did not complete, sent back as a reason.
            providerFailureMessage(params.get('error'));

  return (
    <>
      <PublicTopBar />
      <main className="flex min-h-screen flex-col justify-center bg-slate-50 px-4 pt-28 pb-12">
        <div className="mx-auto w-full max-w-md">
          <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">
            {methods ? 'Two-factor authentication' : 'Sign in to your account'}
          </h1>
          {!methods && (
            <p className="mt-2 text-center text-sm text-slate-600">
              Or{' '}
              <Link to={signupPath} className="font-medium text-indigo-600 hover:text-indigo-500">
                create a new account
              </Link>
            </p>
          )}

          <div className="mt-8 rounded-lg bg-white px-6 py-8 shadow-sm ring-1 ring-slate-200 sm:px-10">
            {methods ? (
              <SecondFactorForm
                methods={methods}
                onDone={() => navigate(next, { replace: true })}
                onStartOver={startOver}
              />
            ) : arrivedForSecondStep && pending.isPending ? (
              <div
                role="status"
                aria-label="Loading"
                className="h-40 animate-pulse rounded-md bg-slate-100"
              />
            ) : (
              <>
                {demo.data && (
                  <div className="mb-6 rounded-md bg-indigo-50 p-4 text-sm text-indigo-900 ring-1 ring-indigo-100">
                    <p className="font-medium">Demo credentials</p>
                    <p className="mt-1">
                      Email: <span className="font-mono">{demo.data.email}</span>
                    </p>
                    <p>
                      Password: <span className="font-mono">{demo.data.password}</span>
                    </p>
                  </div>
                )}
                <form className="space-y-5" onSubmit={onSubmit} noValidate={false}>
                  {message && <ErrorBanner>{message}</ErrorBanner>}
                  <TextField
                    label="Email address"
                    type="email"
                    name="email"
                    autoComplete="email"
                    required
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                  <TextField
                    label="Password"
                    type="password"
                    name="password"
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                  <div className="flex items-center justify-between">
                    <label className="flex items-center gap-2 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
                        checked={remember}
                        onChange={(event) => setRemember(event.target.checked)}
                      />
                      Remember me
                    </label>
                    <Link
                      to="/forgot-password"
                      className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
                    >
                      Forgot your password?
                    </Link>
                  </div>
                  <Button type="submit" className="w-full" loading={signIn.isPending}>
                    Sign in
                  </Button>
                </form>
                <Button
                  variant="secondary"
                  className="mt-3 w-full"
                  loading={passkeySignIn.isPending}
                  onClick={() => {
                    signIn.reset();
                    passkeySignIn.mutate(remember, { onSuccess: () => navigate(next, { replace: true }) });
                  }}
                >
                  <KeyRound aria-hidden="true" className="size-4" /> Sign in with a passkey
                </Button>

                <div className="mt-6">
                  <div className="relative">
                    <div className="absolute inset-0 flex items-center" aria-hidden="true">
                      <div className="w-full border-t border-slate-200" />
                    </div>
                    <div className="relative flex justify-center text-sm">
                      <span className="bg-white px-2 text-slate-500">Or continue with</span>
                    </div>
                  </div>
                  <div className="mt-6 grid grid-cols-2 gap-3">
                    <ProviderButton
                      name="Google"
                      href={
                        providers.data?.google
                          ? api.oidc.start.url({ params: { provider: 'google' }, query: { next } })
                          : null
                      }
                    />
                    <ProviderButton
                      name="Microsoft"
                      href={
                        providers.data?.microsoft
                          ? api.oidc.start.url({ params: { provider: 'microsoft' }, query: { next } })
                          : null
                      }
                    />
                  </div>
                </div>
              </>
            )}
          </div>
        </div>
      </main>
    </>
  );
}
