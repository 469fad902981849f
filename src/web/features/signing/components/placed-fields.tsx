import { type CSSProperties, useMemo, useState } from 'react';
import { type FieldType, mostCharacters } from '../../../../shared/api/contract-fields';
import type { SigningField, SigningView } from '../../../../shared/api/signing';
import { pictureLimits } from '../../../../shared/limits';
import { fieldNameOf } from '../../../lib/field-types';

/** What fills itself from the signature, the name and the date: nothing to type in the box. */
const automatic: readonly FieldType[] = ['signature', 'initials', 'name', 'email', 'dateSigned'];

const maxImageBytes = pictureLimits.imageBytes;

/** Initials as the signer adopts them: the first letter of each part of their name. */
export const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .map((part) => [...part][0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, 4);

/** The adopted initials as a PNG, set in the same hand as a typed signature. */
export function initialsImage(text: string): string | null {
  if (!text.trim()) return null;
  const canvas = document.createElement('canvas');
  canvas.width = 240;
  canvas.height = 120;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.font = 'italic 64px "Segoe Script", "Brush Script MT", cursive';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = '#111827';
  context.fillText(text.trim(), 120, 60, 220);
  return canvas.toDataURL('image/png');
}

/** The signer's values for their placed fields, which of those still need one, and the walk's place. */
export function usePlacedFields(view: SigningView) {
  const mine = useMemo(() => view.placed.filter((field) => field.mine), [view.placed]);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      mine.filter((field) => field.value !== null).map((field) => [field.id, field.value ?? '']),
    ),
  );
  const [initials, setInitials] = useState(initialsOf(view.signer.name));
  const needsInput = mine.filter((field) => !automatic.includes(field.type));
  const missing = needsInput.filter((field) => {
    if (!field.required) return false;
    const value = values[field.id] ?? '';
    return field.type === 'checkbox' ? value !== 'true' : value.trim() === '';
  });
  const hasInitials = mine.some((field) => field.type === 'initials');
  return {
    mine,
    values,
    setValue: (id: string, value: string) => setValues((before) => ({ ...before, [id]: value })),
    initials,
    setInitials,
    hasInitials,
    needsInput,
    missing,
    /** What the sign request sends for them. */
    request: () => ({
      placed: Object.fromEntries(
        needsInput
          .filter((field) => values[field.id] !== undefined)
          .map((field) => [field.id, values[field.id] ?? '']),
      ),
      initialsImage: hasInitials ? initialsImage(initials) : null,
    }),
  };
}

export type PlacedFieldsState = ReturnType<typeof usePlacedFields>;

/** Moves to the next field that still needs a value (or the first of the signer's): the guided walk. */
export function goToNextField(state: PlacedFieldsState) {
  const next = state.missing[0] ?? state.needsInput[0];
  if (!next) return;
  const element = document.getElementById(`placed-${next.id}`);
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  // A radio group is reached at its chosen (or first) choice, as Tab would.
  const target =
    element?.getAttribute('role') === 'radiogroup'
      ? (element.querySelector<HTMLElement>('input:checked') ?? element.querySelector<HTMLElement>('input'))
      : element;
  target?.focus({ preventScroll: true });
}

/** The bar above the document: how many of the signer's fields are done, and Start / Next. */
export function FieldWalk({ state }: { state: PlacedFieldsState }) {
  const total = state.needsInput.filter((field) => field.required).length;
  if (state.mine.length === 0) return null;
  const done = total - state.missing.length;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-indigo-50 px-4 py-2 text-sm sm:px-6">
      <p aria-live="polite" className="text-indigo-900">
        {total === 0
          ? 'Your fields fill themselves from your name, signature and the date.'
          : state.missing.length === 0
            ? `All ${total} required ${total === 1 ? 'field is' : 'fields are'} filled.`
            : `${done} of ${total} required fields filled`}
      </p>
      {state.needsInput.length > 0 && (
        <button
          type="button"
          onClick={() => goToNextField(state)}
          className="min-h-9 rounded-md bg-indigo-600 px-3 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {done === 0 ? 'Start' : state.missing.length > 0 ? 'Next field' : 'Review fields'}
        </button>
      )}
    </div>
  );
}

/**
 * A field's box on its page, in fractions of the page, and the size of its text: that of the
 * value the sealed PDF prints there (70% of a one-line box, a quarter of a multi-line one, at most
 * 11 pt of the page: 1.85% of an A4 page's width), by the page's drawn size (`--page-width` and
 * `--page-height`, set by PdfPages). So a field stays inside its box at any zoom and covers none
 * of the words around it: at 390 px a 14 pt box is about 9 px high.
 */
const boxStyle = (field: SigningField) => {
  const share = field.height * (field.type === 'text' && field.options.multiline ? 0.25 : 0.7);
  return {
    left: `${field.x * 100}%`,
    top: `${field.y * 100}%`,
    width: `${field.width * 100}%`,
    height: `${field.height * 100}%`,
    '--field-font': `min(16px, calc(var(--page-width) * 0.0185), calc(var(--page-height) * ${share.toFixed(5)}))`,
    // What is left of the page's width from the field's left edge: as wide as a field may grow.
    '--field-room': `calc(var(--page-width) * ${(1 - field.x).toFixed(5)})`,
  } as CSSProperties;
};

/**
 * The signer's own controls, drawn at their box's size and above every tap strip (so a strip
 * never takes a tap meant for the field above it).
 */
const controlClass =
  'relative z-[1] block size-full rounded-sm border-0 bg-indigo-50/90 px-[0.25em] py-0 text-[length:var(--field-font)] leading-tight text-slate-900 ring-2 ring-indigo-500 focus:z-10 focus:bg-white focus:outline-none focus:ring-indigo-700';

/**
 * A control typed into grows to a readable 16 px over what is below it (and up to 10rem wide,
 * within the page), and shrinks back to its box when left. Only those: a choice, a tick or a
 * picture growing as it is pressed would move from under the pointer before the press ends, and
 * the press would be lost.
 */
const typedClass = `${controlClass} focus:min-h-9 focus:min-w-[min(10rem,var(--field-room))] focus:text-base focus:shadow-lg`;

/** A box holding its controls (a radio group's choices, an image's file input): it shows their focus. */
const holderClass =
  'relative z-[1] flex size-full items-center rounded-sm bg-indigo-50/90 px-[0.25em] text-[length:var(--field-font)] leading-tight text-slate-900 ring-2 ring-indigo-500 focus-within:bg-white focus-within:ring-indigo-700';

/**
 * A box a few pixels high or wide is too small to tap: an invisible strip at least 24 px high
 * and wide, centred on it, passes a tap on to its control (a label of it, hidden from assistive
 * technology, which names the control by its own aria-label). Controls paint over every strip.
 */
function TapArea({ control }: { control: string }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: a tap target only; the control has its own name
    <label
      htmlFor={control}
      aria-hidden="true"
      className="absolute top-1/2 left-1/2 h-6 min-h-full w-full min-w-6 -translate-x-1/2 -translate-y-1/2 cursor-pointer"
    />
  );
}

/** The fields on one page: the signer's as inputs in their boxes, the others' inert. */
export function PlacedFieldsOverlay({
  page,
  state,
  view,
  signatureImage,
}: {
  page: number;
  state: PlacedFieldsState;
  view: SigningView;
  signatureImage: string | null;
}) {
  const fields = view.placed.filter((field) => field.page === page);
  if (fields.length === 0) return null;
  return (
    <>
      {fields.map((field) =>
        field.mine ? (
          <div key={field.id} className="absolute" style={boxStyle(field)}>
            {/* A radio group's choices are each their own target; the automatic ones take no input. */}
            {!automatic.includes(field.type) && field.type !== 'radio' && (
              <TapArea control={`placed-${field.id}`} />
            )}
            <MyField field={field} state={state} view={view} signatureImage={signatureImage} />
          </div>
        ) : (
          <div
            key={field.id}
            className="absolute flex items-center overflow-hidden rounded-sm bg-slate-200/60 px-[0.25em] text-[length:var(--field-font)] whitespace-nowrap text-slate-600 ring-1 ring-slate-300"
            style={boxStyle(field)}
            title={`${fieldNameOf(field)}: for another signer`}
          >
            {field.value ?? (field.filled ? `${fieldNameOf(field)} ✓` : fieldNameOf(field))}
          </div>
        ),
      )}
    </>
  );
}

function MyField({
  field,
  state,
  view,
  signatureImage,
}: {
  field: SigningField;
  state: PlacedFieldsState;
  view: SigningView;
  signatureImage: string | null;
}) {
  const id = `placed-${field.id}`;
  const value = state.values[field.id] ?? '';
  const label = `${fieldNameOf(field)}${field.required ? ' (required)' : ''}`;
  const set = (next: string) => state.setValue(field.id, next);
  if (automatic.includes(field.type)) {
    const shown =
      field.type === 'signature'
        ? signatureImage
        : field.type === 'initials'
          ? state.initials
          : field.type === 'name'
            ? view.signer.name
            : field.type === 'email'
              ? view.signer.email
              : new Date().toISOString().slice(0, 10);
    return (
      <div
        id={id}
        className="flex size-full items-center justify-center overflow-hidden rounded-sm bg-amber-50/90 text-[length:var(--field-font)] whitespace-nowrap text-slate-800 ring-2 ring-amber-400"
        title={`${fieldNameOf(field)}: filled from ${field.type === 'signature' ? 'the signature you adopt below' : field.type === 'initials' ? 'your initials below' : 'your details'}`}
      >
        {field.type === 'signature' ? (
          shown ? (
            <img src={shown} alt="Your signature" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="truncate px-[0.25em]">Sign below</span>
          )
        ) : (
          <span className="truncate px-1">{shown}</span>
        )}
      </div>
    );
  }
  if (field.type === 'checkbox') {
    return (
      <input
        id={id}
        type="checkbox"
        aria-label={label}
        checked={value === 'true'}
        onChange={(event) => set(event.target.checked ? 'true' : 'false')}
        className="relative z-[1] m-0 block size-full accent-indigo-600 ring-2 ring-indigo-500"
      />
    );
  }
  if (field.type === 'radio' && field.options.choiceBoxes) {
    const boxes = field.options.choiceBoxes;
    // A PDF's own radio buttons: each choice is a button at its own place, and the group's box
    // around them is left clear, so the words printed beside the buttons show.
    return (
      <div id={id} role="radiogroup" aria-label={label} tabIndex={-1} className="relative size-full">
        {(field.options.choices ?? []).map((choice, index) => {
          const box = boxes[index];
          if (!box) return null;
          return (
            // Each choice is tapped through a square 24 px wide around it; its button paints above it.
            <label
              key={choice}
              className="absolute flex items-center justify-center before:absolute before:top-1/2 before:left-1/2 before:size-6 before:-translate-x-1/2 before:-translate-y-1/2 before:content-['']"
              style={{
                left: `${box.x * 100}%`,
                top: `${box.y * 100}%`,
                width: `${box.width * 100}%`,
                height: `${box.height * 100}%`,
              }}
            >
              <input
                type="radio"
                name={id}
                value={choice}
                aria-label={choice}
                checked={value === choice}
                onChange={() => set(choice)}
                className="relative z-[1] m-0 size-full accent-indigo-600 ring-2 ring-indigo-500"
              />
            </label>
          );
        })}
      </div>
    );
  }
  if (field.type === 'radio') {
    return (
      <div
        id={id}
        role="radiogroup"
        aria-label={label}
        tabIndex={-1}
        className={`${holderClass} flex-wrap content-center gap-x-[0.5em]`}
      >
        {(field.options.choices ?? []).map((choice) => (
          // Each choice is tapped through a strip 24 px high around it; its button paints above it.
          <label
            key={choice}
            className="relative inline-flex items-center gap-[0.25em] before:absolute before:top-1/2 before:-right-1 before:-left-1 before:h-6 before:-translate-y-1/2 before:content-['']"
            dir="auto"
          >
            <input
              type="radio"
              name={id}
              value={choice}
              checked={value === choice}
              onChange={() => set(choice)}
              className="relative z-[1] m-0 size-[1em] accent-indigo-600"
            />
            {choice}
          </label>
        ))}
      </div>
    );
  }
  if (field.type === 'dropdown') {
    return (
      <select
        id={id}
        aria-label={label}
        value={value}
        onChange={(event) => set(event.target.value)}
        className={controlClass}
      >
        <option value="">Choose…</option>
        {(field.options.choices ?? []).map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  }
  if (field.type === 'image') {
    return (
      <label className={`${holderClass} cursor-pointer justify-center overflow-hidden`} title={label}>
        {value ? <img src={value} alt="" className="max-h-full max-w-full object-contain" /> : 'Add image'}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          aria-label={label}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file || file.size > maxImageBytes) return;
            const reader = new FileReader();
            reader.onload = () => set(String(reader.result));
            reader.readAsDataURL(file);
          }}
        />
      </label>
    );
  }
  if (field.type === 'text' && field.options.multiline) {
    return (
      <textarea
        id={id}
        aria-label={label}
        value={value}
        maxLength={mostCharacters(field.options)}
        onChange={(event) => set(event.target.value)}
        className={`${typedClass} resize-none focus:min-h-24`}
      />
    );
  }
  return (
    <input
      id={id}
      aria-label={label}
      type={field.type === 'date' ? 'date' : field.options.format === 'email' ? 'email' : 'text'}
      inputMode={field.options.format === 'number' ? 'decimal' : undefined}
      dir="auto"
      value={value}
      maxLength={mostCharacters(field.options)}
      onChange={(event) => set(event.target.value)}
      className={typedClass}
    />
  );
}
