import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { Role } from '../../../../shared/api/auth';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrors } from '../../../lib/field-errors';
import { useInvite } from '../api/team';
import { roleSelectClass } from './role-badge';

/** Admins invite someone by e-mail: the link in the e-mail works for 7 days. */
export function InviteForm() {
  const invite = useInvite();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [sentTo, setSentTo] = useState<string | null>(null);

  // The server names the e-mail field for a member's address or one already invited.
  const errors = fieldErrors(invite.error, ['email'], { sent: invite.variables, current: { email } });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    invite.mutate(
      { email, role },
      {
        onSuccess: (invitation) => {
          setSentTo(invitation.email);
          setEmail('');
        },
      },
    );
  };

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="invite-heading">
        <h2 id="invite-heading" className="text-base font-semibold text-slate-900">
          Invite someone
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          They get an e-mail with a link to join. The link works for 7 days.
        </p>
        <form className="mt-5 space-y-4" onSubmit={onSubmit}>
          {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <TextField
              label="Email address"
              type="email"
              name="email"
              autoComplete="off"
              required
              maxLength={320}
              placeholder="name@company.com"
              className="min-w-0 flex-1"
              value={email}
              error={errors.email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <div>
              <label htmlFor={roleId} className="block text-sm font-medium text-slate-700">
                Role
              </label>
              <select
                id={roleId}
                value={role}
                onChange={(event) => setRole(event.target.value as Role)}
                className={`mt-1 h-10 w-full sm:w-36 ${roleSelectClass.replace('h-9 ', '')}`}
              >
                <option value="member">Member</option>
                <option value="admin">Admin</option>
              </select>
            </div>
            <Button type="submit" className="sm:mt-6" loading={invite.isPending}>
              Invite
            </Button>
          </div>
          <p className="text-xs text-slate-500">
            Admins manage the team and the settings; members draft, send and manage contracts and projects.
          </p>
          {sentTo && (
            <p role="status" className="flex items-center gap-2 text-sm text-emerald-700">
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
              <span className="wrap-anywhere">Invitation sent to {sentTo}.</span>
            </p>
          )}
        </form>
      </section>
    </Card>
  );
}
