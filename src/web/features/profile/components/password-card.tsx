import { useState } from 'react';
import { PasswordStrengthMeter } from '../../../components/password-strength';
import {
  ProfileSection,
  SavedMessage,
  SectionBody,
  SectionFooter,
} from '../../../components/profile-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { confirmationError, fieldErrors, refusedWith } from '../../../lib/field-errors';
import { useChangePassword } from '../api/profile';

const fields = ['currentPassword', 'newPassword'] as const;

/** Current, new and again; the server signs every other device out once it is changed. */
export function PasswordCard({ email }: { email: string }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [changed, setChanged] = useState(false);
  const change = useChangePassword();
  const errors = fieldErrors(change.error, fields);
  const tooCommon = refusedWith(change.error, 'PASSWORD_TOO_COMMON');
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setChanged(false);
    setMismatch(false);
    if (change.isError) change.reset();
  };

  return (
    <ProfileSection
      id="profile-password"
      title="Password"
      description="Changing it signs you out on every other device."
    >
      <form
        noValidate
        aria-busy={change.isPending || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          if (change.isPending) return;
          if (newPassword !== confirmation) return setMismatch(true);
          change.mutate(
            { currentPassword, newPassword },
            {
              onSuccess: () => {
                setCurrentPassword('');
                setNewPassword('');
                setConfirmation('');
                setChanged(true);
              },
            },
          );
        }}
      >
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <SectionBody className="grid gap-5 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]"
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={256}
            value={currentPassword}
            error={errors.currentPassword}
            onChange={(event) => edited(setCurrentPassword)(event.target.value)}
          />
          <div>
            <TextField
              id="profile-new-password"
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              maxLength={256}
              value={newPassword}
              error={errors.newPassword}
              aria-describedby={
                errors.newPassword
                  ? 'profile-new-password-error profile-new-password-strength'
                  : 'profile-new-password-strength'
              }
              onChange={(event) => edited(setNewPassword)(event.target.value)}
            />
            <PasswordStrengthMeter
              id="profile-new-password-strength"
              password={newPassword}
              tooCommon={tooCommon}
            />
          </div>
          <TextField
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
            value={confirmation}
            error={confirmationError(newPassword, confirmation, mismatch)}
            onChange={(event) => edited(setConfirmation)(event.target.value)}
          />
          {errors.form && (
            <div className="sm:col-span-2">
              <ErrorBanner>{errors.form}</ErrorBanner>
            </div>
          )}
        </SectionBody>
        <SectionFooter
          status={
            changed ? (
              <SavedMessage>Your password was changed. Other devices were signed out.</SavedMessage>
            ) : null
          }
        >
          <Button
            type="submit"
            loading={change.isPending}
            disabled={!currentPassword || !newPassword || !confirmation}
          >
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </SectionFooter>
      </form>
    </ProfileSection>
  );
}
