import { MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PasswordStrengthMeter } from '../../../components/password-strength';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrors, refusedWith } from '../../../lib/field-errors';
import { safeNextPath } from '../../../lib/safe-next';
import { useSignUp } from '../api/accounts';
import { useSession } from '../api/session';
import { AuthPage } from '../components/auth-page';

const fields = ['name', 'email', 'password', 'organizationName'] as const;
type Field = (typeof fields)[number];

export function SignupPage() {
  const session = useSession();
  const signUp = useSignUp();
  const meterId = useId();
  const [params] = useSearchParams();
  // Where to go once the account exists (an invitation link, say), as the sign-in page does.
  const nextParam = params.get('next');
  const next = safeNextPath(nextParam);
  const loginPath = nextParam ? `/login?next=${encodeURIComponent(next)}` : '/login';
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    password: '',
    organizationName: '',
  });

  if (session.data) return <Navigate to={next} replace />;

  if (signUp.isSuccess) {
    return (
      <AuthPage
        title="Check your e-mail"
        subtitle={
          <Link to={loginPath} className="font-medium text-indigo-600 hover:text-indigo-500">
            Back to log in
          </Link>
        }
      >
        <div role="status" className="flex items-start gap-3 text-sm text-slate-700">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          <div className="space-y-3">
            <p>{signUp.data.message}</p>
            <p>
              We sent it to{' '}
              <span className="font-medium text-slate-900 wrap-anywhere">
                {signUp.variables.email.trim().toLowerCase()}
              </span>
              . Open the link in this browser or any other: your account is created then, and you are signed
              in.
            </p>
            <p className="text-slate-500">
              Nothing arrived? Check the spam folder, or{' '}
              <button
                type="button"
                className="font-medium text-indigo-600 hover:text-indigo-500"
                onClick={() => signUp.reset()}
              >
                start again with another address
              </button>
              .
            </p>
          </div>
        </div>
      </AuthPage>
    );
  }

  // A field the server named gets the message under it (until the user changes what the server
  // refused); anything else goes in the banner.
  const errors = fieldErrors(signUp.error, fields, { sent: signUp.variables, current: values });
  const bind = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signUp.mutate(values);
  };

  return (
    <AuthPage
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Link to={loginPath} className="font-medium text-indigo-600 hover:text-indigo-500">
            Log in
          </Link>
        </>
      }
    >
      <form className="space-y-5" onSubmit={onSubmit}>
        {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
        <TextField label="Name" autoComplete="name" required maxLength={100} {...bind('name')} />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          required
          maxLength={320}
          {...bind('email')}
        />
        <div>
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={256}
            {...bind('password')}
            {...(errors.password ? {} : { 'aria-describedby': meterId })}
          />
          <PasswordStrengthMeter
            password={values.password}
            id={meterId}
            tooCommon={refusedWith(signUp.error, 'PASSWORD_TOO_COMMON') && !!errors.password}
          />
        </div>
        <div>
          <TextField
            label="Organization name"
            autoComplete="organization"
            required
            maxLength={100}
            {...bind('organizationName')}
          />
          <p className="mt-1 text-xs text-slate-500">
            {next.startsWith('/invitations/')
              ? 'A workspace of your own, where you are the admin. Open the invitation again once your account exists.'
              : 'A new workspace for your team: you become its admin and can invite others later.'}
          </p>
        </div>
        <Button type="submit" className="w-full" loading={signUp.isPending}>
          Create account
        </Button>
      </form>
    </AuthPage>
  );
}
