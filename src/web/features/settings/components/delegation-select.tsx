import type { DelegationRule } from '../../../../shared/recipients';

const labels: Record<DelegationRule, string> = {
  off: 'Not allowed',
  once: 'Once (a delegate may not hand it on)',
  repeated: 'Allowed, also by delegates',
};

/** Whether signers and approvers may hand their turn to someone else: the organization's rule. */
export function DelegationSelect({
  value,
  onChange,
  disabled,
}: {
  value: DelegationRule;
  onChange: (value: DelegationRule) => void;
  disabled: boolean;
}) {
  return (
    <div>
      <label htmlFor="delegation-rule" className="block text-sm font-medium text-slate-700">
        Hand signing to someone else
      </label>
      <select
        id="delegation-rule"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as DelegationRule)}
        className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
      >
        {(Object.keys(labels) as DelegationRule[]).map((rule) => (
          <option key={rule} value={rule}>
            {labels[rule]}
          </option>
        ))}
      </select>
      <p className="mt-1 text-xs text-slate-500">
        A signer or approver whose turn it is may pass it to a colleague, with a reason. A contract may set
        its own rule.
      </p>
    </div>
  );
}
