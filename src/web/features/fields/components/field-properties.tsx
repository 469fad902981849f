import { Copy, Trash2 } from 'lucide-react';
import type { FieldOptions } from '../../../../shared/api/contract-fields';
import { fieldLimits, takesNoPrefill } from '../../../../shared/fields';
import { TextFieldOptionsInputs, withOptions } from '../../../components/text-field-options';
import { Button } from '../../../components/ui/button';
import { fieldNameOf } from '../../../lib/field-types';
import type { DraftField } from '../use-field-draft';

const inputClass =
  'mt-1 block w-full rounded-md border-0 px-2 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-indigo-600';
const labelClass = 'block text-sm font-medium text-slate-700';

/** What a setting means, under its label (outside it, so the control's name stays short). */
const Hint = ({ children }: { children: string }) => <p className="text-xs text-slate-500">{children}</p>;

/**
 * What the selected field is: its signer, whether it is required, its label, the sender's prefill
 * and, by type, its choices or what its text must hold; and Copy and Delete.
 */
export function FieldProperties({
  field,
  signers,
  pageLabel,
  onChange,
  onCopy,
  onRemove,
}: {
  field: DraftField;
  signers: readonly { number: number; name: string }[];
  pageLabel: string;
  onChange: (patch: Partial<DraftField>) => void;
  onCopy: () => void;
  onRemove: () => void;
}) {
  const id = (part: string) => `field-${part}`;
  const options = field.options;
  const setOptions = (patch: Partial<FieldOptions>) => onChange({ options: withOptions(options, patch) });
  const takesValue = !takesNoPrefill.includes(field.type);
  const choices = options.choices ?? [];
  return (
    <section aria-labelledby={id('heading')} className="space-y-3">
      <div>
        <h2 id={id('heading')} className="text-base font-semibold text-slate-900">
          {fieldNameOf(field)}
        </h2>
        <p className="text-xs text-slate-500">{pageLabel}</p>
      </div>
      <div>
        <label htmlFor={id('signer')} className={labelClass}>
          Signer
        </label>
        <select
          id={id('signer')}
          value={field.signer ?? ''}
          onChange={(event) => onChange({ signer: event.target.value ? Number(event.target.value) : null })}
          className={inputClass}
        >
          <option value="">No signer yet</option>
          {signers.map((signer) => (
            <option key={signer.number} value={signer.number}>
              {signer.number}. {signer.name}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={field.required}
          onChange={(event) => onChange({ required: event.target.checked })}
          className="size-4 accent-indigo-600"
        />
        Required
      </label>
      <div>
        <label htmlFor={id('label')} className={labelClass}>
          Label
        </label>
        <Hint>What the signer reads beside the field</Hint>
        <input
          id={id('label')}
          value={field.label}
          maxLength={100}
          dir="auto"
          onChange={(event) => onChange({ label: event.target.value })}
          className={inputClass}
        />
      </div>
      {(field.type === 'radio' || field.type === 'dropdown') && (
        <div>
          <label htmlFor={id('choices')} className={labelClass}>
            Choices
          </label>
          <Hint>One per line, 2 to 50</Hint>
          <textarea
            id={id('choices')}
            rows={4}
            dir="auto"
            value={choices.join('\n')}
            onChange={(event) => {
              const next = event.target.value.split('\n').map((line) => line.slice(0, 100));
              const kept = next.filter((line) => line.trim());
              // A PDF's own buttons stay while each choice still has one; else the group is drawn in its box.
              const { choiceBoxes, ...rest } = options;
              onChange({
                options: {
                  ...rest,
                  choices: next.slice(0, fieldLimits.mostChoices),
                  ...(choiceBoxes && choiceBoxes.length === kept.length ? { choiceBoxes } : {}),
                },
                ...(field.value && !kept.includes(field.value) ? { value: null } : {}),
              });
            }}
            onBlur={() => setOptions({ choices: choices.map((line) => line.trim()).filter(Boolean) })}
            className={inputClass}
          />
        </div>
      )}
      {field.type === 'text' && (
        <TextFieldOptionsInputs
          idOf={id}
          options={options}
          onChange={setOptions}
          inputClass={inputClass}
          labelClass={labelClass}
        />
      )}
      {takesValue && (
        <PrefillInput field={field} choices={choices} onChange={(value) => onChange({ value })} />
      )}
      <div className="flex gap-2 border-t border-slate-200 pt-3">
        <Button variant="secondary" size="sm" onClick={onCopy}>
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </Button>
        <Button variant="danger" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    </section>
  );
}

/** The sender's own value, shown to the signer and drawn as it is unless the signer changes it. */
function PrefillInput({
  field,
  choices,
  onChange,
}: {
  field: DraftField;
  choices: readonly string[];
  onChange: (value: string | null) => void;
}) {
  const id = 'field-value';
  const label = (
    <>
      <label htmlFor={id} className={labelClass}>
        Your prefill
      </label>
      <Hint>Optional. The signer sees it and may change it.</Hint>
    </>
  );
  if (field.type === 'checkbox') {
    return (
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={field.value === 'true'}
          onChange={(event) => onChange(event.target.checked ? 'true' : null)}
          className="size-4 accent-indigo-600"
        />
        Ticked already
      </label>
    );
  }
  if (field.type === 'radio' || field.type === 'dropdown') {
    return (
      <div>
        {label}
        <select
          id={id}
          value={field.value ?? ''}
          onChange={(event) => onChange(event.target.value || null)}
          className={inputClass}
        >
          <option value="">None</option>
          {choices
            .filter((choice) => choice.trim())
            .map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
        </select>
      </div>
    );
  }
  return (
    <div>
      {label}
      <input
        id={id}
        type={field.type === 'date' ? 'date' : 'text'}
        dir="auto"
        value={field.value ?? ''}
        maxLength={field.options.maxLength ?? fieldLimits.valueCharacters}
        onChange={(event) => onChange(event.target.value || null)}
        className={inputClass}
      />
    </div>
  );
}
