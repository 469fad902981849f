import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { InvitationView } from '../../../../shared/api/team';
import { PasswordStrengthMeter } from '../../../components/password-strength';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrors, refusedWith } from '../../../lib/field-errors';
import { useSignUpWithInvitation } from '../api/team';

/**
 * A new person's account, made right on the invitation page: the link came to the invited
 * address, so no confirmation mail is needed, and the account joins the organization at once.
 */
export function InvitationSignUpForm({ token, invitation }: { token: string; invitation: InvitationView }) {
  const signUp = useSignUpWithInvitation(token);
  const navigate = useNavigate();
  const meterId = useId();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const errors = fieldErrors(signUp.error, ['name', 'password']);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signUp.mutate({ name, password }, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  };

  return (
    <form className="space-y-4" onSubmit={onSubmit} aria-label="Create your account">
      {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <div>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={256}
          value={password}
          error={errors.password}
          {...(errors.password ? {} : { 'aria-describedby': meterId })}
          onChange={(event) => {
            setPassword(event.target.value);
            if (signUp.isError) signUp.reset();
          }}
        />
        <PasswordStrengthMeter
          password={password}
          id={meterId}
          tooCommon={refusedWith(signUp.error, 'PASSWORD_TOO_COMMON')}
        />
      </div>
      <Button type="submit" className="w-full" loading={signUp.isPending}>
        Create account and join
      </Button>
      <p className="text-center text-xs text-slate-500">
        Your account uses <span className="font-medium wrap-anywhere">{invitation.email}</span> and joins{' '}
        {invitation.organizationName}.
      </p>
    </form>
  );
}
