import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import type { Profile } from '../../../../shared/api/profile';
import {
  ProfileSection,
  SavedMessage,
  SectionBody,
  SectionFooter,
} from '../../../components/profile-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrors } from '../../../lib/field-errors';
import { useUpdateProfile } from '../api/profile';

const fields = ['name', 'email', 'currentPassword'] as const;

/** Name and e-mail; the current password is asked for only when the e-mail changes. */
export function DetailsCard({ profile }: { profile: Profile }) {
  const [name, setName] = useState(profile.name);
  const [email, setEmail] = useState(profile.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfile();
  const errors = fieldErrors(update.error, fields);

  const emailChanged = email.trim().toLowerCase() !== profile.email;
  const changed = name.trim() !== profile.name || emailChanged;
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setSaved(false);
    if (update.isError) update.reset();
  };

  return (
    <ProfileSection
      id="profile-details"
      title="Your details"
      description="Your name appears on the contracts you send and in the history; your email is how you sign in."
    >
      <form
        noValidate
        aria-busy={update.isPending || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          if (update.isPending || !changed) return;
          update.mutate(
            {
              name,
              ...(emailChanged ? { email, currentPassword } : {}),
            },
            {
              onSuccess: (next) => {
                setName(next.name);
                setEmail(next.email);
                setCurrentPassword('');
                setSaved(true);
              },
            },
          );
        }}
      >
        <SectionBody className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Full name"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            value={name}
            error={errors.name}
            onChange={(event) => edited(setName)(event.target.value)}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={320}
            value={email}
            error={errors.email}
            onChange={(event) => edited(setEmail)(event.target.value)}
          />
          {emailChanged && (
            <div className="sm:col-span-2">
              <TextField
                label="Current password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                maxLength={256}
                value={currentPassword}
                error={errors.currentPassword}
                {...(errors.currentPassword ? {} : { 'aria-describedby': 'profile-email-password-hint' })}
                onChange={(event) => edited(setCurrentPassword)(event.target.value)}
              />
              {!errors.currentPassword && (
                <p id="profile-email-password-hint" className="mt-1 text-xs text-slate-500">
                  To change your email, confirm it is you with your current password. We then send a link to
                  the new address: it changes when you open it.
                </p>
              )}
            </div>
          )}
          {profile.pendingEmail && !emailChanged && (
            <div
              role="status"
              className="flex items-start gap-2 rounded-md bg-indigo-50 p-3 text-sm text-indigo-900 ring-1 ring-indigo-200 sm:col-span-2"
            >
              <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>
                We sent a link to <span className="font-medium wrap-anywhere">{profile.pendingEmail}</span>.
                Your email changes to it when you open the link (within 24 hours); until then you sign in with{' '}
                <span className="font-medium wrap-anywhere">{profile.email}</span>.
              </p>
            </div>
          )}
          {errors.form && (
            <div className="sm:col-span-2">
              <ErrorBanner>{errors.form}</ErrorBanner>
            </div>
          )}
        </SectionBody>
        <SectionFooter
          status={saved && !changed ? <SavedMessage>Your details were saved.</SavedMessage> : null}
        >
          <Button type="submit" loading={update.isPending} disabled={!changed}>
            {update.isPending ? 'Saving…' : 'Save details'}
          </Button>
        </SectionFooter>
      </form>
    </ProfileSection>
  );
}
