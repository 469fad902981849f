import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { AuthPage } from './auth-page';

/**
 * A sign-up link opened in another browser than the one that asked for the account: the link
 * proves the mailbox, the password chosen at sign-up proves the person asked. Someone who did
 * not sign up is told to stop here, as nothing is made without it.
 */
export function SignUpPasswordForm({
  onSubmit,
  pending,
  passwordError,
  error,
}: {
  onSubmit: (password: string) => void;
  pending: boolean;
  /** The server's word on the password given (wrong), shown under the field until it changes. */
  passwordError: { message: string; password: string } | undefined;
  /** Any other failure (too many tries, no connection). */
  error: string | undefined;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  const fieldError = passwordError && passwordError.password === password ? passwordError.message : undefined;
  return (
    <AuthPage title="Enter your password to finish">
      <form className="space-y-5" onSubmit={submit}>
        <div className="flex items-start gap-3 text-sm text-slate-700">
          <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
          <p>
            This link was opened in another browser than the one that asked for the account. Enter the
            password you chose when you signed up to create it.
          </p>
        </div>
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={256}
          autoFocus
          value={password}
          error={fieldError}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" className="w-full" loading={pending}>
          Create my account
        </Button>
        <p className="text-sm text-slate-600">
          Did not ask for a Pactum account? Close this page: nothing is created without the password. Forgot
          it?{' '}
          <Link to="/signup" className="font-medium text-indigo-600 hover:text-indigo-500">
            Sign up again
          </Link>
          .
        </p>
      </form>
    </AuthPage>
  );
}
