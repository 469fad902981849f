import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { imageTypes, maxImageBytes } from '../../../../shared/api/images';
import type { OrganizationSettings } from '../../../../shared/api/settings';
import { Saved, SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-errors';
import { fieldErrors } from '../../../lib/field-errors';
import { organizationSettingsQuery, useLogo, useUpdateOrganization } from '../api/settings';

const messageOf = (error: unknown) => errorMessage(error);

/** The organization's name and logo. */
export function OrganizationSection({
  settings,
  canEdit,
}: {
  settings: OrganizationSettings;
  canEdit: boolean;
}) {
  const current = useQuery(organizationSettingsQuery).data ?? settings;
  const [name, setName] = useState(settings.name);
  const update = useUpdateOrganization();
  const logo = useLogo();
  const [fileError, setFileError] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ name: name.trim() });
  };
  const choose = (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    if (!(imageTypes as readonly string[]).includes(file.type))
      return setFileError('Choose a PNG, JPEG or WebP image');
    if (file.size > maxImageBytes) return setFileError('The logo must be at most 200 KB');
    logo.upload.mutate(file);
  };
  const errors = fieldErrors(update.error, ['name']);

  return (
    <SettingsSection
      id="organization"
      title="Organization"
      description="How your organization appears to your team and to signers."
    >
      <form onSubmit={save} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label="Organization name"
          value={name}
          readOnly={!canEdit}
          maxLength={100}
          onChange={(event) => {
            setName(event.target.value);
            update.reset();
          }}
          error={errors.name}
        />
        {canEdit && (
          <div className="flex items-center gap-3">
            <Button
              type="submit"
              loading={update.isPending}
              disabled={!name.trim() || name.trim() === current.name}
            >
              Save
            </Button>
            <Saved show={update.isSuccess} />
          </div>
        )}
      </form>
      {errors.form && (
        <div className="mt-3">
          <ErrorBanner>{errors.form}</ErrorBanner>
        </div>
      )}
      <div className="mt-6 flex items-center gap-4">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-50 ring-1 ring-slate-200">
          {current.logoUrl ? (
            <img src={current.logoUrl} alt="Organization logo" className="size-full object-contain" />
          ) : (
            <Building2 aria-hidden="true" className="size-7 text-slate-400" />
          )}
        </div>
        {canEdit ? (
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <label className="inline-flex h-9 cursor-pointer items-center rounded-md bg-white px-3 text-sm font-medium text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-indigo-600">
                {logo.upload.isPending ? 'Uploading…' : current.logoUrl ? 'Change logo' : 'Upload logo'}
                <input
                  type="file"
                  accept={imageTypes.join(',')}
                  className="sr-only"
                  aria-label="Logo file"
                  onChange={(event) => {
                    choose(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </label>
              {current.logoUrl && (
                <Button
                  variant="ghost"
                  size="sm"
                  loading={logo.remove.isPending}
                  onClick={() => logo.remove.mutate()}
                >
                  Remove
                </Button>
              )}
            </div>
            <p className="mt-1 text-xs text-slate-500">PNG, JPEG or WebP, at most 200 KB.</p>
            {(fileError || logo.upload.error) && (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {fileError ?? messageOf(logo.upload.error)}
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-500">
            {current.logoUrl ? 'Your organization logo' : 'No logo yet'}
          </p>
        )}
      </div>
    </SettingsSection>
  );
}
