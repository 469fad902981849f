import { useQuery } from '@tanstack/react-query';
import { contractStatuses, contractStatusLabel } from '../../../../shared/statuses';
import { useProjects } from '../../projects/api/projects';
import { teamQuery } from '../../team/api/team';
import { contractTypesQuery, type SearchParams } from '../api/search';
import { DebouncedInput } from './debounced-input';

export const fieldClass =
  'h-10 w-full rounded-md border-0 bg-white px-3 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600';

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

/** The filters of the search page: each writes its own key of the address. */
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
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
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
      <div className="grid grid-cols-2 gap-2">
        {text('endFrom', 'Ends from', { type: 'date' })}
        {text('endTo', 'Ends by', { type: 'date' })}
      </div>
      <div className="grid grid-cols-2 gap-2">
        {text('updatedFrom', 'Changed from', { type: 'date' })}
        {text('updatedTo', 'Changed by', { type: 'date' })}
      </div>
      <div className="grid grid-cols-2 gap-2">
        {text('createdFrom', 'Created from', { type: 'date' })}
        {text('createdTo', 'Created by', { type: 'date' })}
      </div>
    </div>
  );
}
