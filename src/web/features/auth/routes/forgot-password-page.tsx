import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrors } from '../../../lib/field-errors';
import { useRequestPasswordReset } from '../api/accounts';
import { AuthPage } from '../components/auth-page';

const backToLogin = (
  <Link to="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
    Back to log in
  </Link>
);

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ email });
  };

  if (request.isSuccess) {
    return (
      <AuthPage title="Check your e-mail" subtitle={backToLogin}>
        <div role="status" className="flex items-start gap-3 text-sm text-slate-700">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          <div className="space-y-3">
            <p>{request.data.message}</p>
            <p className="text-slate-500">
              Nothing arrived? Check the spam folder, or{' '}
              <button
                type="button"
                className="font-medium text-indigo-600 hover:text-indigo-500"
                onClick={() => request.reset()}
              >
                try another address
              </button>
              .
            </p>
          </div>
        </div>
      </AuthPage>
    );
  }

  const errors = fieldErrors(request.error, ['email']);
  return (
    <AuthPage title="Reset your password" subtitle={backToLogin}>
      <form className="space-y-5" onSubmit={onSubmit}>
        <p className="text-sm text-slate-600">
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </p>
        {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={320}
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" className="w-full" loading={request.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthPage>
  );
}
