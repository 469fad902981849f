import type { SigningField } from '../../../../shared/api/signing';
import {
  imageFileProblem,
  imagePixelsWritten,
  mostCharacters,
  pictureLimits,
  picturePixelsProblem,
  unreadablePicture,
} from '../../../../shared/fields';
import { fieldNameOf } from '../../../lib/field-types';
import { walkIds } from './use-signing-walk';

const inputClass =
  'block h-11 w-full rounded-md border-0 px-3 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-indigo-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-600';

/**
 * The input of the field the walk stands on, at a readable size in the walk's bar, whatever the
 * size of its box on the page (a 2 px line, a 6 px radio), and what the server would refuse of
 * its value, as it is typed. Enter in a one-line input goes on to the next step.
 */
export function FieldInput(props: {
  field: SigningField;
  value: string;
  /** What the server would refuse of the value, in its words; null when it would take it. */
  problem: string | null;
  onChange: (value: string) => void;
  /** A picture refused as it was chosen, with why. */
  onRefuse: (problem: string) => void;
  onEnter: () => void;
}) {
  const problemId = `${walkIds.input}-problem`;
  return (
    <div>
      <Input {...props} describedBy={props.problem ? problemId : undefined} />
      {props.problem && (
        <p id={problemId} className="mt-1 text-sm text-red-700" dir="auto">
          {props.problem}
        </p>
      )}
    </div>
  );
}

function Input({
  field,
  value,
  onChange,
  onRefuse,
  onEnter,
  problem,
  describedBy,
}: Parameters<typeof FieldInput>[0] & { describedBy: string | undefined }) {
  const invalid = problem ? true : undefined;
  const label = `${fieldNameOf(field)}${field.required ? ' (required)' : ''}`;
  const id = walkIds.input;
  const enter = (event: React.KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onEnter();
  };
  if (field.type === 'checkbox') {
    return (
      <label className="flex min-h-11 items-center gap-3 text-base text-slate-900" dir="auto">
        <input
          id={id}
          type="checkbox"
          checked={value === 'true'}
          onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
          className="size-6 rounded border-slate-300 accent-indigo-600"
        />
        {label}
      </label>
    );
  }
  if (field.type === 'radio') {
    return (
      <div id={id} role="radiogroup" aria-labelledby={`${id}-label`} tabIndex={-1}>
        <p id={`${id}-label`} className="text-sm font-medium text-slate-700" dir="auto">
          {label}
        </p>
        <div className="mt-1 flex flex-wrap gap-x-4">
          {(field.options.choices ?? []).map((choice) => (
            <label
              key={choice}
              className="flex min-h-11 items-center gap-2 text-base text-slate-900"
              dir="auto"
            >
              <input
                type="radio"
                name={id}
                value={choice}
                checked={value === choice}
                onChange={() => onChange(choice)}
                className="size-5 accent-indigo-600"
              />
              {choice}
            </label>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700" dir="auto">
        {label}
      </label>
      <div className="mt-1">
        {field.type === 'dropdown' ? (
          <select
            id={id}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className={inputClass}
          >
            <option value="">Choose…</option>
            {(field.options.choices ?? []).map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        ) : field.type === 'image' ? (
          <ImageInput
            id={id}
            value={value}
            onChange={onChange}
            onRefuse={onRefuse}
            describedBy={describedBy}
          />
        ) : field.type === 'text' && field.options.multiline ? (
          <textarea
            id={id}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            value={value}
            rows={3}
            dir="auto"
            maxLength={mostCharacters(field.options)}
            onChange={(event) => onChange(event.target.value)}
            className={`${inputClass} h-auto resize-none py-2`}
          />
        ) : (
          <input
            id={id}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            type={field.type === 'date' ? 'date' : field.options.format === 'email' ? 'email' : 'text'}
            inputMode={field.options.format === 'number' ? 'decimal' : undefined}
            dir="auto"
            value={value}
            maxLength={mostCharacters(field.options)}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={enter}
            className={inputClass}
          />
        )}
      </div>
    </div>
  );
}

/**
 * A PNG or JPEG of at most the pictures' byte limit, read as a data URL, with what was chosen; one
 * of another kind or larger is refused as it is chosen, unread, as the server would refuse it.
 */
function ImageInput({
  id,
  value,
  onChange,
  onRefuse,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onRefuse: (problem: string) => void;
  describedBy: string | undefined;
}) {
  return (
    <>
      <div className="flex items-center gap-3">
        {value && (
          <img src={value} alt="What you added" className="h-11 w-auto rounded ring-1 ring-slate-200" />
        )}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          aria-describedby={[`${id}-hint`, describedBy].filter(Boolean).join(' ')}
          aria-invalid={describedBy ? true : undefined}
          className="block w-full text-sm text-slate-700 file:mr-3 file:h-11 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:font-medium file:text-indigo-800"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            const problem = imageFileProblem(file);
            if (problem) return onRefuse(problem);
            const reader = new FileReader();
            reader.onload = () => {
              const dataUrl = String(reader.result);
              // Its pixels, as the server reads them from its header: too many is refused now.
              const picture = new Image();
              picture.onload = () => {
                const tooLarge = picturePixelsProblem(picture.naturalWidth, picture.naturalHeight);
                if (tooLarge) onRefuse(tooLarge);
                else onChange(dataUrl);
              };
              picture.onerror = () => onRefuse(unreadablePicture);
              picture.src = dataUrl;
            };
            reader.readAsDataURL(file);
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        A PNG or JPEG of at most {pictureLimits.imageBytes / 1024} KB and {imagePixelsWritten} ×{' '}
        {imagePixelsWritten} pixels.
      </p>
    </>
  );
}
