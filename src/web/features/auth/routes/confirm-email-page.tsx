import { CheckCircle2, Link2Off, Loader2, LogIn } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { AppError } from '../../../../shared/errors';
import { ButtonLink } from '../../../components/ui/button';
import { useConfirmEmail } from '../api/accounts';
import { useSession } from '../api/session';
import { AuthPage } from '../components/auth-page';
import { SignUpPasswordForm } from '../components/sign-up-password-form';

const toLogin = (
  <Link to="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
    Go to log in
  </Link>
);

/**
 * /confirm-email/{token}: the link of a sign-up or of a change of address. Opening it is the
 * proof, so it is confirmed at once: a new account lands on its dashboard, signed in; a change
 * needs this browser signed in to the account, and asks to sign in first otherwise. A sign-up
 * opened in another browser than the one that asked for it needs the password chosen then.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmEmail();
  const session = useSession();
  const started = useRef(false);
  // Set once the server asked for the sign-up's password: the form stays for wrong tries.
  const [askPassword, setAskPassword] = useState(false);
  // Once per page: a second request would find the link used.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate(
      { token },
      {
        onError: (error) => {
          if (error instanceof AppError && error.code === 'SIGN_UP_PASSWORD_REQUIRED') setAskPassword(true);
        },
      },
    );
  }, [confirm, token]);

  const error = confirm.error;
  const linkClosed =
    error instanceof AppError &&
    error.field !== 'password' &&
    ['EMAIL_LINK_INVALID', 'EMAIL_TAKEN', 'INVALID_INPUT'].includes(error.code);
  if (askPassword && !confirm.data && !linkClosed) {
    // The first answer (a password is needed) is what the form says, not an error of the person's.
    const asked = error instanceof AppError && error.code === 'SIGN_UP_PASSWORD_REQUIRED';
    const sent = confirm.variables?.password;
    const wrong = error instanceof AppError && error.field === 'password' && sent ? error : undefined;
    return (
      <SignUpPasswordForm
        onSubmit={(password) => confirm.mutate({ token, password })}
        pending={confirm.isPending}
        passwordError={wrong && sent ? { message: wrong.message, password: sent } : undefined}
        error={error && !wrong && !asked ? error.message : undefined}
      />
    );
  }

  if (confirm.isError && confirm.error instanceof AppError && confirm.error.code === 'UNAUTHENTICATED') {
    // A change of address is confirmed only in a browser signed in to the account: sign in, come back.
    return (
      <AuthPage title="Sign in to confirm your e-mail">
        <div className="flex items-start gap-3 text-sm text-slate-700" role="alert">
          <LogIn aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
          <p>{confirm.error.message}</p>
        </div>
        <ButtonLink
          to={`/login?next=${encodeURIComponent(`/confirm-email/${token}`)}`}
          className="mt-6 w-full"
        >
          Sign in
        </ButtonLink>
      </AuthPage>
    );
  }

  if (confirm.isError) {
    const known =
      error instanceof AppError &&
      ['EMAIL_LINK_INVALID', 'EMAIL_TAKEN', 'INVALID_INPUT', 'FORBIDDEN'].includes(error.code);
    const taken = error instanceof AppError && error.code === 'EMAIL_TAKEN';
    return (
      <AuthPage title="This link cannot be used" subtitle={session.data ? undefined : toLogin}>
        <div className="flex items-start gap-3 text-sm text-slate-700" role="alert">
          <Link2Off aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
          <p>{known ? error.message : 'The link could not be checked. Please try again in a moment.'}</p>
        </div>
        <div className="mt-6 space-y-3">
          {session.data ? (
            <ButtonLink to="/profile" className="w-full">
              Go to your profile
            </ButtonLink>
          ) : (
            <>
              <ButtonLink to="/login" className="w-full">
                Sign in
              </ButtonLink>
              <ButtonLink to={taken ? '/forgot-password' : '/signup'} variant="secondary" className="w-full">
                {taken ? 'Reset your password' : 'Create an account again'}
              </ButtonLink>
            </>
          )}
        </div>
      </AuthPage>
    );
  }

  const confirmed = confirm.data;
  if (confirmed?.purpose === 'sign-up') return <Navigate to="/dashboard" replace />;
  if (confirmed) {
    return (
      <AuthPage title="Your e-mail address is confirmed">
        <div role="status" className="flex items-start gap-3 text-sm text-slate-700">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          <p>
            Your account now uses{' '}
            <span className="font-medium text-slate-900 wrap-anywhere">{confirmed.email}</span>: sign in with
            it from now on.
          </p>
        </div>
        <ButtonLink to={session.data ? '/profile' : '/login'} className="mt-6 w-full">
          {session.data ? 'Go to your profile' : 'Sign in'}
        </ButtonLink>
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Confirming your e-mail">
      <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500">
        <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Checking the link…
      </div>
    </AuthPage>
  );
}
