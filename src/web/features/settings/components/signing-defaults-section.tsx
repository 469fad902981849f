import { type FormEvent, useState } from 'react';
import type { OrganizationSettings } from '../../../../shared/api/settings';
import { Saved, SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrors } from '../../../lib/field-errors';
import { useUpdateOrganization } from '../api/settings';
import { DelegationSelect } from './delegation-select';

const toInput = (days: number | null) => (days === null ? '' : String(days));
const fromInput = (value: string) => (value.trim() === '' ? null : Number(value));

/** How long sent contracts stay signable, and how often signers are reminded. */
export function SigningDefaultsSection({
  settings,
  canEdit,
}: {
  settings: OrganizationSettings;
  canEdit: boolean;
}) {
  const [expiry, setExpiry] = useState(toInput(settings.signingExpiryDays));
  const [reminders, setReminders] = useState(toInput(settings.reminderIntervalDays));
  const [delegation, setDelegation] = useState(settings.delegation);
  const update = useUpdateOrganization();
  const errors = fieldErrors(update.error, ['signingExpiryDays', 'reminderIntervalDays']);
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      signingExpiryDays: fromInput(expiry),
      reminderIntervalDays: fromInput(reminders),
      delegation,
    });
  };
  return (
    <SettingsSection
      id="signing-defaults"
      title="Signing defaults"
      description="Applied to every contract sent from now on. Leave a field empty for no limit or no reminders."
    >
      {/* The server's messages are clearer than the browser's number bubbles. */}
      <form onSubmit={save} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Signing period (days)"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            placeholder="No limit"
            value={expiry}
            readOnly={!canEdit}
            onChange={(event) => setExpiry(event.target.value)}
            error={errors.signingExpiryDays}
          />
          <TextField
            label="Remind signers every (days)"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            placeholder="No reminders"
            value={reminders}
            readOnly={!canEdit}
            onChange={(event) => setReminders(event.target.value)}
            error={errors.reminderIntervalDays}
          />
        </div>
        <DelegationSelect value={delegation} onChange={setDelegation} disabled={!canEdit} />
        {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
        {canEdit && (
          <div className="flex items-center gap-3">
            <Button type="submit" loading={update.isPending}>
              Save defaults
            </Button>
            <Saved show={update.isSuccess} />
          </div>
        )}
      </form>
    </SettingsSection>
  );
}
