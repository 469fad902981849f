import { useId } from 'react';
import { type RecipientRole, recipientCatalogue, recipientRoles } from '../../../../shared/recipients';
import type { DraftSigner } from './draft-signer';
import { possibleNamers, recipientName, witnessableSigners } from './recipient-list';

export const selectClass =
  'mt-1 block h-10 w-full rounded-md border-0 bg-white px-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-indigo-600 aria-invalid:ring-red-500';

/** The role select, its options from the recipient catalogue. */
export function RoleSelect({
  value,
  onChange,
  label,
  hiddenLabel,
  id,
}: {
  value: RecipientRole;
  onChange: (role: RecipientRole) => void;
  label: string;
  /** Said after the label to assistive technology only (" of Ann"). */
  hiddenLabel?: string;
  id?: string;
}) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div>
      {hiddenLabel ? (
        <span aria-hidden="true" className="block text-xs font-medium text-slate-600">
          {label}
        </span>
      ) : (
        <label htmlFor={selectId} className="block text-xs font-medium text-slate-600">
          {label}
        </label>
      )}
      <select
        id={selectId}
        aria-label={hiddenLabel ? `${label}${hiddenLabel}` : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value as RecipientRole)}
        className={selectClass}
      >
        {recipientRoles.map((role) => (
          <option key={role} value={role}>
            {recipientCatalogue[role].label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A recipient changed to `role`: a witness takes a signer to witness, anyone else drops theirs. */
export function withRole(list: readonly DraftSigner[], index: number, role: RecipientRole): DraftSigner {
  const entry = list[index] as DraftSigner;
  if (role !== 'witness') return { ...entry, role, witnessOf: null };
  const current = entry.witnessOf ?? null;
  const choices = witnessableSigners(list, index).filter((number) => number !== index + 1);
  return { ...entry, role, witnessOf: current && choices.includes(current) ? current : (choices[0] ?? null) };
}

/**
 * What a recipient does on the route, as the sender edits it: role, order number (sent in order),
 * the signer a witness witnesses, and who names one left to be named. Each shows the problem the
 * server (or the same check here) finds in it.
 */
export function RecipientRouteControls({
  list,
  index,
  sequential,
  problems,
  onChange,
}: {
  list: readonly DraftSigner[];
  index: number;
  sequential: boolean;
  problems: Partial<Record<string, string>>;
  onChange: (entry: DraftSigner) => void;
}) {
  const id = useId();
  const entry = list[index] as DraftSigner;
  const name = recipientName(entry, index + 1);
  const role = entry.role ?? 'signer';
  const witnessChoices = witnessableSigners(list, index).filter((number) => number !== index + 1);
  const namers = possibleNamers(list, index);
  const problem = (key: string) => problems[key];
  const errorOf = (key: string) =>
    problem(key) ? (
      <p id={`${id}-${key}-error`} role="alert" className="mt-1 text-xs text-red-700">
        {problem(key)}
      </p>
    ) : null;
  const described = (key: string) =>
    problem(key) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {};
  return (
    <div className="mt-2 space-y-2">
      <div className="grid grid-cols-[minmax(0,1fr)_5rem] gap-2">
        <RoleSelect
          label="Role"
          hiddenLabel={` of ${name}`}
          value={role}
          onChange={(next) => onChange(withRole(list, index, next))}
        />
        {sequential && (
          <div>
            <span aria-hidden="true" className="block text-xs font-medium text-slate-600">
              Order
            </span>
            <input
              id={`${id}-order`}
              aria-label={`Order of ${name}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={entry.signingOrder ?? index + 1}
              onChange={(event) => {
                const value = Number.parseInt(event.target.value, 10);
                onChange({ ...entry, signingOrder: Number.isNaN(value) ? undefined : value });
              }}
              className={selectClass}
              {...described('signingOrder')}
            />
          </div>
        )}
      </div>
      {errorOf('role')}
      {errorOf('signingOrder')}
      {role === 'witness' && (
        <div>
          <span aria-hidden="true" className="block text-xs font-medium text-slate-600">
            Witnesses
          </span>
          <select
            id={`${id}-witness`}
            aria-label={`${name} witnesses`}
            value={entry.witnessOf ?? ''}
            onChange={(event) =>
              onChange({ ...entry, witnessOf: event.target.value ? Number(event.target.value) : null })
            }
            className={selectClass}
            {...described('witnessOf')}
          >
            <option value="">Choose a signer</option>
            {[...new Set([...(entry.witnessOf ? [entry.witnessOf] : []), ...witnessChoices])].map(
              (number) => (
                <option key={number} value={number}>
                  {recipientName(list[number - 1], number)}
                </option>
              ),
            )}
          </select>
          {errorOf('witnessOf')}
        </div>
      )}
      {entry.namedBy != null && (
        <div>
          <span aria-hidden="true" className="block text-xs font-medium text-slate-600">
            Named by
          </span>
          <select
            id={`${id}-named-by`}
            aria-label={`${name} is named by`}
            value={entry.namedBy}
            onChange={(event) => onChange({ ...entry, namedBy: Number(event.target.value) })}
            className={selectClass}
            {...described('namedBy')}
          >
            {[...new Set([entry.namedBy, ...namers])].map((number) => (
              <option key={number} value={number}>
                {recipientName(list[number - 1], number)}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-500">
            They give this person's name and e-mail on their own signing page.
          </p>
          {errorOf('namedBy')}
        </div>
      )}
      {errorOf('name')}
      {errorOf('email')}
    </div>
  );
}
