import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { ContractType, TermField } from '../../../../shared/api/terms';
import { type TermFieldKind, termFieldKinds } from '../../../../shared/terms';
import { SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { selectClass } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-errors';
import { fieldErrors } from '../../../lib/field-errors';
import { termSettingsQuery, useTermSettingsChanges } from '../api/terms';

const kindLabels: Record<TermFieldKind, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date (a deadline)',
  choice: 'Choice',
};

const inlineInput =
  'block h-9 w-full rounded-md border-0 px-2 text-sm text-slate-900 ring-1 ring-inset ring-transparent hover:ring-slate-300 focus:ring-2 focus:ring-indigo-600 disabled:hover:ring-transparent';

/** A name edited in place: saved when it loses focus or on Enter, put back when emptied. */
function InlineName({
  label,
  name,
  canEdit,
  onRename,
}: {
  label: string;
  name: string;
  canEdit: boolean;
  onRename: (name: string) => void;
}) {
  const [typed, setTyped] = useState(name);
  if (!canEdit) return <p className="px-2 text-sm font-medium text-slate-900">{name}</p>;
  return (
    <input
      aria-label={label}
      value={typed}
      maxLength={80}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={() => {
        if (typed.trim() && typed.trim() !== name) onRename(typed.trim());
        else setTyped(name);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
      className={inlineInput}
    />
  );
}

function TypeRow({ type, canEdit }: { type: ContractType; canEdit: boolean }) {
  const { renameType, deleteType } = useTermSettingsChanges();
  const error = renameType.error ?? deleteType.error;
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <div className="min-w-0 flex-1">
        <InlineName
          label={`Name of the type ${type.name}`}
          name={type.name}
          canEdit={canEdit}
          onRename={(name) => renameType.mutate({ id: type.id, name })}
        />
        {error && (
          <p role="alert" className="mt-1 px-2 text-xs text-red-700">
            {errorMessage(error)}
          </p>
        )}
      </div>
      <span className="text-meta w-24 text-right text-xs">
        {type.contracts} {type.contracts === 1 ? 'contract' : 'contracts'}
      </span>
      {canEdit && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove the type ${type.name}`}
          title={type.contracts > 0 ? 'Its contracts keep their other terms' : undefined}
          loading={deleteType.isPending}
          onClick={() => deleteType.mutate(type.id)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      )}
    </li>
  );
}

function FieldRow({ field, canEdit }: { field: TermField; canEdit: boolean }) {
  const { updateField, deleteField } = useTermSettingsChanges();
  const [options, setOptions] = useState(field.options.join(', '));
  const error = updateField.error ?? deleteField.error;
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <InlineName
            label={`Name of the term ${field.name}`}
            name={field.name}
            canEdit={canEdit}
            onRename={(name) => updateField.mutate({ id: field.id, name })}
          />
        </div>
        <span className="text-meta w-32 text-xs">{kindLabels[field.kind]}</span>
        {canEdit && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove the term ${field.name}`}
            loading={deleteField.isPending}
            onClick={() => deleteField.mutate(field.id)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>
      {field.kind === 'choice' && (
        <div className="mt-1 px-2">
          {canEdit ? (
            <input
              aria-label={`Choices of ${field.name}, separated by commas`}
              value={options}
              onChange={(event) => setOptions(event.target.value)}
              onBlur={() => {
                const next = splitChoices(options);
                if (next.join(',') !== field.options.join(','))
                  updateField.mutate({ id: field.id, options: next });
              }}
              className={`${inlineInput} text-xs text-slate-700`}
            />
          ) : (
            <p className="text-meta text-xs">{field.options.join(', ')}</p>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-1 px-2 text-xs text-red-700">
          {errorMessage(error)}
        </p>
      )}
    </li>
  );
}

const splitChoices = (typed: string) =>
  typed
    .split(',')
    .map((choice) => choice.trim())
    .filter(Boolean);

function AddType() {
  const { createType } = useTermSettingsChanges();
  const [name, setName] = useState('');
  const errors = fieldErrors(createType.error, ['name']);
  const add = (event: FormEvent) => {
    event.preventDefault();
    createType.mutate(name.trim(), { onSuccess: () => setName('') });
  };
  return (
    <form onSubmit={add} aria-label="Add a contract type" className="mt-4 flex items-start gap-3">
      <TextField
        label="New type"
        placeholder="e.g. Master services agreement"
        value={name}
        maxLength={80}
        onChange={(event) => {
          setName(event.target.value);
          createType.reset();
        }}
        error={errors.name ?? errors.form}
        className="flex-1"
      />
      <Button
        type="submit"
        variant="secondary"
        className="mt-6"
        loading={createType.isPending}
        disabled={!name.trim()}
      >
        Add type
      </Button>
    </form>
  );
}

function AddField() {
  const { createField } = useTermSettingsChanges();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TermFieldKind>('text');
  const [choices, setChoices] = useState('');
  const errors = fieldErrors(createField.error, ['name', 'options']);
  const add = (event: FormEvent) => {
    event.preventDefault();
    createField.mutate(
      { name: name.trim(), kind, options: kind === 'choice' ? splitChoices(choices) : [] },
      {
        onSuccess: () => {
          setName('');
          setChoices('');
        },
      },
    );
  };
  return (
    <form onSubmit={add} aria-label="Add a term" className="mt-4 space-y-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <TextField
          label="New term"
          placeholder="e.g. Region"
          value={name}
          maxLength={80}
          onChange={(event) => {
            setName(event.target.value);
            createField.reset();
          }}
          error={errors.name}
        />
        <div>
          <label htmlFor="new-term-kind" className="block text-sm font-medium text-slate-700">
            Kind
          </label>
          <select
            id="new-term-kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as TermFieldKind)}
            className={selectClass}
          >
            {termFieldKinds.map((value) => (
              <option key={value} value={value}>
                {kindLabels[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {kind === 'choice' && (
        <TextField
          label="Choices"
          placeholder="Separate choices with commas, e.g. EMEA, Americas, APAC"
          value={choices}
          onChange={(event) => setChoices(event.target.value)}
          error={errors.options}
        />
      )}
      {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={createField.isPending} disabled={!name.trim()}>
          Add term
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings → Contract terms: the organization's contract types (with how many contracts have
 * each) and its own term fields, which every contract's key terms then offer. Admins change them.
 */
export function ContractTermsSection({ canEdit }: { canEdit: boolean }) {
  const settings = useQuery(termSettingsQuery);
  return (
    <SettingsSection
      id="contract-terms"
      title="Contract terms"
      description="The types a contract can have, and your organization's own key terms beside the standard ones. A date term is a deadline: its owner is reminded of it."
    >
      {settings.error && <ErrorBanner>{errorMessage(settings.error)}</ErrorBanner>}
      <div className="space-y-8">
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Contract types</h4>
          <ul
            aria-label="Contract types"
            className="mt-2 divide-y divide-slate-100 border-y border-slate-100"
          >
            {settings.data?.types.map((type) => (
              <TypeRow key={`${type.id}:${type.name}`} type={type} canEdit={canEdit} />
            ))}
            {settings.data?.types.length === 0 && (
              <li className="py-3 text-sm text-slate-600">No types yet.</li>
            )}
          </ul>
          {canEdit && <AddType />}
        </div>
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Your own terms</h4>
          <ul aria-label="Own terms" className="mt-2 divide-y divide-slate-100 border-y border-slate-100">
            {settings.data?.fields.map((field) => (
              <FieldRow
                key={`${field.id}:${field.name}:${field.options.join(',')}`}
                field={field}
                canEdit={canEdit}
              />
            ))}
            {settings.data?.fields.length === 0 && <li className="py-3 text-sm text-slate-600">None yet.</li>}
          </ul>
          {canEdit && <AddField />}
        </div>
      </div>
    </SettingsSection>
  );
}
