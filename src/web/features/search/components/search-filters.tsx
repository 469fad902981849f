import { useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { searchFiltersSchema } from '../../../../shared/api/search';
import { contractStatuses, contractStatusLabel } from '../../../../shared/statuses';
import { useProjects } from '../../projects/api/projects';
import { teamQuery } from '../../team/api/team';
import { contractTypesQuery, type SearchParams } from '../api/search';
import { DebouncedInput } from './debounced-input';

/** A filter's control, without its width (a filter fills its cell; the saved views' fits its names). */
export const controlClass =
  'h-10 rounded-md border-0 bg-white px-3 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600';
const fieldClass = `${controlClass} w-full`;

type Change = Record<string, string | string[] | undefined>;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child
    <label className="block min-w-0">
      <span className="mb-1 block text-xs font-medium text-slate-700">{label}</span>
      {children}
    </label>
  );
}

const one = (params: SearchParams, key: string) => {
  const value = params[key];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

/** Keys of the address that are filters (not the words, not the page): the API's own. */
const filterKeys = Object.keys(searchFiltersSchema.shape);

/** Two inputs of one range side by side, under the range's name. */
function Range({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-xs font-medium text-slate-700">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">{children}</div>
    </fieldset>
  );
}

/**
 * The filters of the search page: each writes its own key of the address. On a phone they fold
 * behind a Filters button (saying how many are set), so the results are not below a screen of them.
 */
export function SearchFilters({
  params,
  onChange,
}: {
  params: SearchParams;
  onChange: (change: Change) => void;
}) {
  const projects = useProjects();
  const types = useQuery(contractTypesQuery);
  const team = useQuery(teamQuery);
  const select = (key: string, label: string, options: { value: string; label: string }[], all: string) => (
    <Field label={label}>
      <select
        value={one(params, key)}
        onChange={(event) => onChange({ [key]: event.target.value })}
        className={fieldClass}
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
  const text = (key: string, label: string, extra: Record<string, string | number> = {}) => (
    <Field label={label}>
      <DebouncedInput
        value={one(params, key)}
        onCommit={(value) => onChange({ [key]: value })}
        className={fieldClass}
        {...extra}
      />
    </Field>
  );
  const tags = [params.tags ?? []].flat();
  const [open, setOpen] = useState(false);
  const set = filterKeys.filter((key) => [params[key] ?? []].flat().length > 0).length;
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="search-filters"
        onClick={() => setOpen(!open)}
        className="inline-flex h-10 items-center gap-2 rounded-md bg-white px-3 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 sm:hidden"
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters{set > 0 ? ` (${set})` : ''}
      </button>
      <div id="search-filters" className={`${open ? 'mt-3 block' : 'hidden'} space-y-3 sm:mt-0 sm:block`}>
        <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {select(
            'status',
            'Status',
            contractStatuses.map((status) => ({ value: status, label: contractStatusLabel(status) })),
            'All statuses',
          )}
          {select(
            'projectId',
            'Project',
            (projects.data ?? []).map((project) => ({ value: project.id, label: project.name })),
            'All projects',
          )}
          {select(
            'typeId',
            'Type',
            (types.data ?? []).map((type) => ({ value: type.id, label: type.name })),
            'All types',
          )}
          {select(
            'ownerId',
            'Owner',
            (team.data?.members ?? []).map((member) => ({ value: member.userId, label: member.name })),
            'Anyone',
          )}
          {text('counterparty', 'Counterparty', { maxLength: 200, placeholder: 'Company' })}
          <Field label="Tags (all of)">
            <DebouncedInput
              value={tags.join(', ')}
              onCommit={(value) =>
                onChange({
                  tags: value
                    .split(',')
                    .map((tag) => tag.trim())
                    .filter(Boolean),
                })
              }
              placeholder="priority, supply"
              className={fieldClass}
            />
          </Field>
          {text('currency', 'Currency', { maxLength: 3, placeholder: 'EUR' })}
          <div className="grid grid-cols-2 gap-2">
            {text('valueMin', 'Value from', { inputMode: 'decimal' })}
            {text('valueMax', 'Value to', { inputMode: 'decimal' })}
          </div>
        </div>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
          <Range legend="Ends">
            {text('endFrom', 'From', { type: 'date', 'aria-label': 'Ends from' })}
            {text('endTo', 'By', { type: 'date', 'aria-label': 'Ends by' })}
          </Range>
          <Range legend="Changed">
            {text('updatedFrom', 'From', { type: 'date', 'aria-label': 'Changed from' })}
            {text('updatedTo', 'By', { type: 'date', 'aria-label': 'Changed by' })}
          </Range>
          <Range legend="Created">
            {text('createdFrom', 'From', { type: 'date', 'aria-label': 'Created from' })}
            {text('createdTo', 'By', { type: 'date', 'aria-label': 'Created by' })}
          </Range>
        </div>
      </div>
    </div>
  );
}
