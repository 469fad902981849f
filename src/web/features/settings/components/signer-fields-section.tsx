import { useQuery } from '@tanstack/react-query';
import { Lock, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { CustomField } from '../../../../shared/api/custom-fields';
import { SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-errors';
import { fieldErrors } from '../../../lib/field-errors';
import { signerFieldsQuery, useSignerFieldChanges } from '../api/settings';

const typeLabels: Record<CustomField['type'], string> = { text: 'Text', email: 'Email', phone: 'Phone' };
const messageOf = (error: unknown) => errorMessage(error);

function FieldRow({ field, canEdit }: { field: CustomField; canEdit: boolean }) {
  const changes = useSignerFieldChanges();
  const [name, setName] = useState(field.name);
  // Shown at once; the server's answer replaces the list (and this row) when it arrives.
  const [required, setRequired] = useState(field.required);
  const editable = canEdit && !field.isDefault;
  const rename = () => {
    if (name.trim() && name.trim() !== field.name) changes.update.mutate({ id: field.id, name: name.trim() });
    else setName(field.name);
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        {editable ? (
          <input
            aria-label={`Name of the ${field.name} field`}
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            onBlur={rename}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.currentTarget.blur();
            }}
            className="block h-9 w-full rounded-md border-0 px-2 text-sm text-slate-900 ring-1 ring-inset ring-transparent hover:ring-slate-300 focus:ring-2 focus:ring-indigo-600"
          />
        ) : (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 px-2 text-sm font-medium text-slate-900">
            {field.name}
            {field.isDefault && (
              <span className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-normal text-slate-600">
                <Lock aria-hidden="true" className="size-3" /> System
              </span>
            )}
          </p>
        )}
        {(changes.update.error || changes.remove.error) && (
          <p role="alert" className="mt-1 px-2 text-xs text-red-700">
            {messageOf(changes.update.error ?? changes.remove.error)}
          </p>
        )}
      </div>
      <span className="w-14 text-xs text-slate-500">{typeLabels[field.type]}</span>
      <label className="flex w-24 items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={required}
          disabled={!editable}
          onChange={(event) => {
            setRequired(event.target.checked);
            changes.update.mutate(
              { id: field.id, required: event.target.checked },
              { onError: () => setRequired(field.required) },
            );
          }}
          className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600 disabled:opacity-60"
        />
        Required
      </label>
      {editable ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove the ${field.name} field`}
          loading={changes.remove.isPending}
          onClick={() => changes.remove.mutate(field.id)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      ) : (
        <span className="w-9" />
      )}
    </li>
  );
}

/** What signers fill in: the three system fields, fixed, and the organization's own. */
export function SignerFieldsSection({ canEdit }: { canEdit: boolean }) {
  const fields = useQuery(signerFieldsQuery);
  const changes = useSignerFieldChanges();
  const [name, setName] = useState('');
  const [type, setType] = useState<CustomField['type']>('text');
  const [required, setRequired] = useState(false);
  const add = (event: FormEvent) => {
    event.preventDefault();
    changes.add.mutate(
      { name: name.trim(), type, required },
      {
        onSuccess: () => {
          setName('');
          setRequired(false);
        },
      },
    );
  };
  const addErrors = fieldErrors(changes.add.error, ['name']);
  return (
    <SettingsSection
      id="signer-fields"
      title="Signer fields"
      description="What every signer fills in before signing. Full name, email and phone are always asked."
    >
      {fields.error && <ErrorBanner>{messageOf(fields.error)}</ErrorBanner>}
      <ul aria-label="Signer fields" className="divide-y divide-slate-100 border-y border-slate-100">
        {fields.data?.map((field) => (
          <FieldRow key={`${field.id}:${field.name}:${field.required}`} field={field} canEdit={canEdit} />
        ))}
      </ul>
      {canEdit && (
        <form
          onSubmit={add}
          className="mt-5 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
          aria-label="Add a signer field"
        >
          <TextField
            label="New field"
            placeholder="e.g. Company VAT number"
            value={name}
            maxLength={60}
            onChange={(event) => {
              setName(event.target.value);
              changes.add.reset();
            }}
            error={addErrors.name}
          />
          <div>
            <label htmlFor="new-field-type" className="block text-sm font-medium text-slate-700">
              Type
            </label>
            <select
              id="new-field-type"
              value={type}
              onChange={(event) => setType(event.target.value as CustomField['type'])}
              className="mt-1 h-10 rounded-md border-0 pr-8 pl-3 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
            >
              {Object.entries(typeLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <label className="flex h-10 items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={required}
              onChange={(event) => setRequired(event.target.checked)}
              className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
            />
            Required
          </label>
          <Button type="submit" variant="secondary" loading={changes.add.isPending} disabled={!name.trim()}>
            Add field
          </Button>
        </form>
      )}
      {addErrors.form && (
        <div className="mt-3">
          <ErrorBanner>{addErrors.form}</ErrorBanner>
        </div>
      )}
    </SettingsSection>
  );
}
