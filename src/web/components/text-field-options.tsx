import type { TextFieldOptions } from '../../editor/signing-field-values';
import type { FieldOptions } from '../../shared/api/contract-fields';
import { fieldLimits, patternLimits } from '../../shared/fields';

/** The most characters a text field may be given (the API's limit). */
const maxTextLength = fieldLimits.valueCharacters;

/** Options with a change applied, keeping only what is set (an empty value is no option). */
export function withOptions<T extends FieldOptions>(options: T, patch: Partial<T>): T {
  const next = { ...options, ...patch };
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (next[key] === undefined || next[key] === '' || next[key] === false) delete next[key];
  }
  return next;
}

/**
 * What a text field holds: one or several lines, any text, a number, an e-mail address or text
 * matching a pattern, and the most characters. The field editor's properties and the dialog that
 * writes a field in the text both show these.
 */
export function TextFieldOptionsInputs({
  idOf,
  options,
  onChange,
  inputClass,
  labelClass,
  patternInvalid = false,
}: {
  idOf: (part: string) => string;
  options: TextFieldOptions;
  onChange: (patch: Partial<TextFieldOptions>) => void;
  inputClass: string;
  labelClass: string;
  patternInvalid?: boolean;
}) {
  const most = options.format === 'pattern' ? patternLimits.textCharacters : maxTextLength;
  return (
    <>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={options.multiline ?? false}
          onChange={(event) => onChange({ multiline: event.target.checked })}
          className="size-4 accent-indigo-600"
        />
        Several lines
      </label>
      <div>
        <label htmlFor={idOf('format')} className={labelClass}>
          Must hold
        </label>
        <select
          id={idOf('format')}
          value={options.format ?? ''}
          onChange={(event) => {
            const format = (event.target.value || undefined) as FieldOptions['format'];
            onChange({
              format,
              ...(format === 'pattern'
                ? // A text with a pattern takes at most 500 characters (what bounds checking it).
                  options.maxLength && options.maxLength > patternLimits.textCharacters
                  ? { maxLength: patternLimits.textCharacters }
                  : {}
                : { pattern: undefined }),
            });
          }}
          className={inputClass}
        >
          <option value="">Any text</option>
          <option value="number">A number</option>
          <option value="email">An e-mail address</option>
          <option value="pattern">Text matching a pattern</option>
        </select>
      </div>
      {options.format === 'pattern' && (
        <div>
          <label htmlFor={idOf('pattern')} className={labelClass}>
            Pattern
          </label>
          <p id={idOf('pattern-hint')} className="text-xs text-slate-500">
            A regular expression the whole text must match
          </p>
          <input
            id={idOf('pattern')}
            value={options.pattern ?? ''}
            maxLength={patternLimits.characters}
            spellCheck={false}
            aria-describedby={idOf('pattern-hint')}
            aria-invalid={patternInvalid}
            onChange={(event) => onChange({ pattern: event.target.value })}
            className={`${inputClass} font-mono`}
          />
        </div>
      )}
      <div>
        <label htmlFor={idOf('max-length')} className={labelClass}>
          Most characters
        </label>
        <input
          id={idOf('max-length')}
          type="number"
          inputMode="numeric"
          min={1}
          max={most}
          value={options.maxLength ?? ''}
          onChange={(event) => {
            const length = Number.parseInt(event.target.value, 10);
            onChange({ maxLength: length >= 1 ? Math.min(most, length) : undefined });
          }}
          className={inputClass}
        />
      </div>
    </>
  );
}
