import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { ContractTerms, TermField, TermSettings } from '../../../../shared/api/terms';
import {
  type SourcedTerm,
  type StandardTerm,
  sourcedTerms,
  standardTerms,
  termLimits,
} from '../../../../shared/terms';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrors } from '../../../lib/field-errors';
import { teamQuery } from '../../team/api/team';
import { useUpdateTerms } from '../api/terms';
import { bodyOf, draftOf, type TermsDraft } from './terms-form';

const sourceLabels: Record<SourcedTerm, string> = {
  counterpartyCompany: 'Counterparty',
  counterpartyContact: 'Contact',
  counterpartyEmail: 'Contact e-mail',
  value: 'Value',
  currency: 'Currency',
  effectiveOn: 'Effective date',
  endOn: 'End date',
};

function CustomInput({
  field,
  value,
  onChange,
  error,
}: {
  field: TermField;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  if (field.kind === 'choice') {
    return (
      <SelectField label={field.name} value={value} onChange={onChange} error={error}>
        <option value="">Not set</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
    );
  }
  return (
    <TextField
      label={field.name}
      type={field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text'}
      step={field.kind === 'number' ? 'any' : undefined}
      maxLength={field.kind === 'text' ? termLimits.text : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/**
 * Edit a contract's key terms: the standard ones, the organization's own and, on a template or a
 * draft, which merge field fills which term. The server's message stands under the field it
 * names until that field changes.
 */
export function TermsDialog({
  terms,
  settings,
  mergeFields,
  trigger,
}: {
  terms: ContractTerms;
  settings: TermSettings;
  /** The document's merge fields, when its terms may follow them (templates and drafts). */
  mergeFields: { key: string; label: string }[] | null;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<TermsDraft>(() => draftOf(terms));
  const [sent, setSent] = useState<TermsDraft | undefined>();
  const update = useUpdateTerms(terms.contractId);
  const team = useQuery({ ...teamQuery, enabled: open });
  const customNames = settings.fields.map((field) => `custom.${field.key}`);
  const flat = (value: TermsDraft | undefined) =>
    value && {
      ...value,
      ...Object.fromEntries(settings.fields.map((field) => [`custom.${field.key}`, value.custom[field.key]])),
    };
  const errors = fieldErrors(update.error, [...standardTerms, ...customNames], {
    sent: flat(sent),
    current: flat(draft) as Record<string, unknown>,
  });
  const set =
    <K extends keyof TermsDraft>(key: K) =>
    (value: TermsDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  const input = (key: keyof TermsDraft) => ({
    value: draft[key] as string,
    onChange: (event: { target: { value: string } }) => set(key)(event.target.value as never),
    error: errors[key as StandardTerm],
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setDraft(draftOf(terms));
          setSent(undefined);
          update.reset();
        }
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl">
          <div className="border-b border-slate-200 px-6 pt-6 pb-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">Edit key terms</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">
              What the agreement says about who, how much and how long. Changing them never changes the
              document or a signed PDF.
            </Dialog.Description>
          </div>
          <form
            // The server's messages, not the browser's, say what is wrong.
            noValidate
            className="flex min-h-0 flex-1 flex-col"
            onSubmit={(event) => {
              event.preventDefault();
              setSent(draft);
              update.mutate(bodyOf(draft, settings.fields, mergeFields !== null), {
                onSuccess: () => setOpen(false),
              });
            }}
          >
            <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-6 py-5">
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-sm font-semibold text-slate-900">Counterparty</legend>
                <TextField label="Company" maxLength={termLimits.text} {...input('counterpartyCompany')} />
                <TextField label="Contact" maxLength={termLimits.text} {...input('counterpartyContact')} />
                <TextField
                  label="Contact e-mail"
                  type="email"
                  maxLength={termLimits.email}
                  className="sm:col-span-2"
                  {...input('counterpartyEmail')}
                />
              </fieldset>
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-sm font-semibold text-slate-900">Agreement</legend>
                <SelectField label="Type" value={draft.typeId} onChange={set('typeId')} error={errors.typeId}>
                  <option value="">No type</option>
                  {settings.types.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.name}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label="Owner"
                  value={draft.ownerId}
                  onChange={set('ownerId')}
                  error={errors.ownerId}
                >
                  <option value="">The creator</option>
                  {terms.ownerId && !team.data?.members.some((member) => member.userId === terms.ownerId) && (
                    <option value={terms.ownerId}>{terms.ownerName ?? 'Current owner'}</option>
                  )}
                  {team.data?.members.map((member) => (
                    <option key={member.userId} value={member.userId}>
                      {member.name}
                    </option>
                  ))}
                </SelectField>
                <TextField label="Value" type="number" min={0} step="0.01" {...input('value')} />
                <TextField
                  label="Currency"
                  placeholder="EUR"
                  maxLength={3}
                  autoCapitalize="characters"
                  {...input('currency')}
                />
                <TextField
                  label="Tags"
                  placeholder="Separate tags with commas"
                  className="sm:col-span-2"
                  {...input('tags')}
                />
              </fieldset>
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-sm font-semibold text-slate-900">Dates and renewal</legend>
                <TextField label="Effective date" type="date" {...input('effectiveOn')} />
                <SelectField
                  label="Duration"
                  value={draft.duration}
                  onChange={(value) => set('duration')(value as TermsDraft['duration'])}
                  error={errors.duration}
                >
                  <option value="">Not set</option>
                  <option value="fixed">A number of months</option>
                  <option value="until">Until a date</option>
                  <option value="evergreen">Evergreen (no end date)</option>
                </SelectField>
                {draft.duration === 'fixed' && (
                  <TextField label="Duration in months" type="number" min={1} {...input('durationMonths')} />
                )}
                {draft.duration === 'until' && <TextField label="End date" type="date" {...input('endOn')} />}
                <SelectField
                  label="Renewal"
                  value={draft.renewal}
                  onChange={(value) => set('renewal')(value as TermsDraft['renewal'])}
                  error={errors.renewal}
                >
                  <option value="none">Does not renew</option>
                  <option value="automatic">Renews automatically</option>
                </SelectField>
                {draft.renewal === 'automatic' && (
                  <TextField
                    label="Renewal period in months"
                    type="number"
                    min={1}
                    {...input('renewalMonths')}
                  />
                )}
                <TextField label="Notice period in days" type="number" min={1} {...input('noticeDays')} />
              </fieldset>
              {settings.fields.length > 0 && (
                <fieldset className="grid gap-4 sm:grid-cols-2">
                  <legend className="mb-2 text-sm font-semibold text-slate-900">
                    Your organization's terms
                  </legend>
                  {settings.fields.map((field) => (
                    <CustomInput
                      key={field.id}
                      field={field}
                      value={draft.custom[field.key] ?? ''}
                      onChange={(value) =>
                        setDraft((current) => ({
                          ...current,
                          custom: { ...current.custom, [field.key]: value },
                        }))
                      }
                      error={errors[`custom.${field.key}`]}
                    />
                  ))}
                </fieldset>
              )}
              {mergeFields && mergeFields.length > 0 && (
                <fieldset className="grid gap-4 sm:grid-cols-2">
                  <legend className="mb-1 text-sm font-semibold text-slate-900">
                    Filled from merge fields
                  </legend>
                  <p className="text-sm text-slate-600 sm:col-span-2">
                    A contract made from this document takes these terms from the merge fields' values.
                  </p>
                  {sourcedTerms.map((term) => (
                    <SelectField
                      key={term}
                      label={sourceLabels[term]}
                      value={draft.sources[term] ?? ''}
                      onChange={(value) =>
                        setDraft((current) => ({
                          ...current,
                          sources: { ...current.sources, [term]: value },
                        }))
                      }
                    >
                      <option value="">No merge field</option>
                      {mergeFields.map((field) => (
                        <option key={field.key} value={field.key}>
                          {field.label}
                        </option>
                      ))}
                    </SelectField>
                  ))}
                </fieldset>
              )}
              {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
            </div>
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-6 py-4 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" loading={update.isPending}>
                Save terms
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
