import { useQuery } from '@tanstack/react-query';
import { Link2Off, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { SecondFactorMethod } from '../../../../shared/api/two-factor';
import { AppError } from '../../../../shared/errors';
import { PasswordStrengthMeter } from '../../../components/password-strength';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { confirmationError, fieldErrors, refusedWith } from '../../../lib/field-errors';
import { SecondFactorForm } from '../../two-factor/public/second-factor-form';
import { resetLinkQuery, useConfirmPasswordReset } from '../api/accounts';
import { AuthPage } from '../components/auth-page';

const backToLogin = (
  <Link to="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
    Back to log in
  </Link>
);

/** An expired, used or unknown link: why, and the way to a new one. */
function ClosedLink({ message }: { message: string }) {
  return (
    <AuthPage title="This link cannot be used" subtitle={backToLogin}>
      <div className="flex items-start gap-3 text-sm text-slate-700" role="alert">
        <Link2Off aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
        <p>{message}</p>
      </div>
      <ButtonLink to="/forgot-password" className="mt-6 w-full">
        Request a new link
      </ButtonLink>
    </AuthPage>
  );
}

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const link = useQuery(resetLinkQuery(token));
  const confirm = useConfirmPasswordReset();
  const navigate = useNavigate();
  const meterId = useId();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [revokeApiTokens, setRevokeApiTokens] = useState(true);
  // An account with a second factor: nothing is changed until it is given here.
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null);

  const error = confirm.error;
  if (error instanceof AppError && error.code === 'RESET_LINK_INVALID')
    return <ClosedLink message={error.message} />;
  if (link.data && 'closed' in link.data) return <ClosedLink message={link.data.closed} />;

  if (!link.data) {
    return (
      <AuthPage title="Choose a new password" subtitle={backToLogin}>
        {link.isError ? (
          <ErrorBanner>{link.error.message}</ErrorBanner>
        ) : (
          <div className="flex justify-center py-6" role="status" aria-label="Checking the link">
            <Loader2 aria-hidden="true" className="size-6 animate-spin text-slate-400" />
          </div>
        )}
      </AuthPage>
    );
  }

  // The account's live API tokens: a reset can revoke them (offered, and ticked, only when there are some).
  const { apiTokens } = link.data;
  // The password's message is shown until the user changes the password the server refused.
  const errors = fieldErrors(error, ['password'], { sent: confirm.variables, current: { password } });
  const passwordError = errors.password;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeated) {
      setMismatch(true);
      return;
    }
    confirm.mutate(
      { token, password, revokeApiTokens: apiTokens > 0 && revokeApiTokens },
      {
        onSuccess: (outcome) =>
          'user' in outcome
            ? navigate('/dashboard', { replace: true })
            : setSecondFactor(outcome.secondFactor.methods),
      },
    );
  };

  if (secondFactor) {
    return (
      <AuthPage title="Confirm it is you" subtitle={backToLogin}>
        <SecondFactorForm
          methods={secondFactor}
          intro="Your account has two-factor sign-in. Confirm it is you with your second factor: only then is the new password set and every other device signed out."
          onDone={() => navigate('/dashboard', { replace: true })}
          onStartOver={() => {
            setSecondFactor(null);
            confirm.reset();
          }}
        />
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Choose a new password" subtitle={backToLogin}>
      <form className="space-y-5" onSubmit={onSubmit}>
        <p className="text-sm text-slate-600">
          Setting a new password signs you out on every other device, then signs you in here.
        </p>
        {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
        <div>
          <TextField
            label="New password"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={256}
            value={password}
            error={passwordError}
            onChange={(event) => setPassword(event.target.value)}
            {...(passwordError ? {} : { 'aria-describedby': meterId })}
          />
          <PasswordStrengthMeter
            password={password}
            id={meterId}
            tooCommon={refusedWith(error, 'PASSWORD_TOO_COMMON') && !!passwordError}
          />
        </div>
        <TextField
          label="Confirm new password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          required
          maxLength={256}
          value={repeated}
          error={confirmationError(password, repeated, mismatch)}
          onChange={(event) => setRepeated(event.target.value)}
        />
        {apiTokens > 0 && (
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="revoke-api-tokens"
              className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
              checked={revokeApiTokens}
              onChange={(event) => setRevokeApiTokens(event.target.checked)}
            />
            <span>
              Also revoke the {apiTokens === 1 ? 'API token' : `${apiTokens} API tokens`} you made
              <span className="block text-slate-500">
                {apiTokens === 1 ? 'It keeps' : 'They keep'} working after a reset otherwise.
              </span>
            </span>
          </label>
        )}
        <Button type="submit" className="w-full" loading={confirm.isPending}>
          Set new password
        </Button>
      </form>
    </AuthPage>
  );
}
