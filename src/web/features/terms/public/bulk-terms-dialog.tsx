import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { BulkTermsInput } from '../../../../shared/api/terms';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrors } from '../../../lib/field-errors';
import { teamQuery } from '../../team/api/team';
import { termSettingsQuery, useBulkUpdateTerms } from '../api/terms';

/** '' leaves the term as each contract has it; 'none' clears it. */
const keep = '';
const none = 'none';

const tagsOf = (typed: string) => [
  ...new Set(
    typed
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

/**
 * "Edit terms" for the contracts chosen in the list: one type, owner, renewal or notice period for
 * all of them, tags added or removed; what is left at "No change" stays as each has it.
 */
export function BulkTermsDialog({
  contractIds,
  onDone,
  trigger,
}: {
  contractIds: string[];
  onDone: (words: string) => void;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [typeId, setTypeId] = useState(keep);
  const [ownerId, setOwnerId] = useState(keep);
  const [renewal, setRenewal] = useState(keep);
  const [renewalMonths, setRenewalMonths] = useState('12');
  const [noticeDays, setNoticeDays] = useState('');
  const [addTags, setAddTags] = useState('');
  const [removeTags, setRemoveTags] = useState('');
  const settings = useQuery({ ...termSettingsQuery, enabled: open });
  const team = useQuery({ ...teamQuery, enabled: open });
  const bulk = useBulkUpdateTerms();
  const errors = fieldErrors(bulk.error, ['renewalMonths', 'noticeDays']);

  const body = (): BulkTermsInput => {
    const set: BulkTermsInput['set'] = {};
    if (typeId !== keep) set.typeId = typeId === none ? null : typeId;
    if (ownerId !== keep) set.ownerId = ownerId === none ? null : ownerId;
    if (renewal === 'automatic') {
      set.renewal = 'automatic';
      set.renewalMonths = Number(renewalMonths);
    } else if (renewal === none) {
      set.renewal = 'none';
      set.renewalMonths = null;
    }
    if (noticeDays.trim() !== '') set.noticeDays = Number(noticeDays);
    const input: BulkTermsInput = { contractIds, set };
    if (tagsOf(addTags).length) input.addTags = tagsOf(addTags);
    if (tagsOf(removeTags).length) input.removeTags = tagsOf(removeTags);
    return input;
  };
  const changesSomething =
    typeId !== keep ||
    ownerId !== keep ||
    renewal !== keep ||
    noticeDays.trim() !== '' ||
    tagsOf(addTags).length > 0 ||
    tagsOf(removeTags).length > 0;
  const count = `${contractIds.length} ${contractIds.length === 1 ? 'contract' : 'contracts'}`;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) bulk.reset();
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Edit terms of {count}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            What you leave at "No change" stays as each contract has it.
          </Dialog.Description>
          <form
            // The server's messages, not the browser's, say what is wrong.
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              bulk.mutate(body(), {
                onSuccess: ({ changed, unchanged }) => {
                  setOpen(false);
                  onDone(
                    `Terms changed on ${changed} ${changed === 1 ? 'contract' : 'contracts'}${unchanged ? `; ${unchanged} already had them` : ''}.`,
                  );
                },
              });
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField label="Type" value={typeId} onChange={setTypeId}>
                <option value={keep}>No change</option>
                <option value={none}>No type</option>
                {settings.data?.types.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Owner" value={ownerId} onChange={setOwnerId}>
                <option value={keep}>No change</option>
                <option value={none}>The creator</option>
                {team.data?.members.map((member) => (
                  <option key={member.userId} value={member.userId}>
                    {member.name}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Renewal" value={renewal} onChange={setRenewal}>
                <option value={keep}>No change</option>
                <option value={none}>Does not renew</option>
                <option value="automatic">Renews automatically</option>
              </SelectField>
              {renewal === 'automatic' ? (
                <TextField
                  label="Renewal period in months"
                  type="number"
                  min={1}
                  value={renewalMonths}
                  onChange={(event) => setRenewalMonths(event.target.value)}
                  error={errors.renewalMonths}
                />
              ) : (
                <div className="hidden sm:block" />
              )}
              <TextField
                label="Notice period in days"
                type="number"
                min={1}
                placeholder="No change"
                value={noticeDays}
                onChange={(event) => setNoticeDays(event.target.value)}
                error={errors.noticeDays}
              />
            </div>
            <TextField
              label="Add tags"
              placeholder="Separate tags with commas"
              value={addTags}
              onChange={(event) => setAddTags(event.target.value)}
            />
            <TextField
              label="Remove tags"
              placeholder="Separate tags with commas"
              value={removeTags}
              onChange={(event) => setRemoveTags(event.target.value)}
            />
            {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" loading={bulk.isPending} disabled={!changesSomething}>
                Apply to {count}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
