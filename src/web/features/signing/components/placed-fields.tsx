import type { CSSProperties } from 'react';
import type { SigningField } from '../../../../shared/api/signing';
import { fieldNameOf } from '../../../lib/field-types';
import { type SigningWalk, walkIds } from './use-signing-walk';

/**
 * A field's box on its page, in fractions of the page, and the size of its text: that of the
 * value the sealed PDF prints there (70% of a one-line box, a quarter of a multi-line one, at most
 * 11 pt of the page: 1.85% of an A4 page's width), by the page's drawn size (`--page-width` and
 * `--page-height`, set by PdfPages). So a field stays inside its box at any zoom and covers none
 * of the words around it.
 */
const boxStyle = (field: SigningField, box: FieldBox) => {
  const share = box.height * (field.type === 'text' && field.options.multiline ? 0.25 : 0.7);
  return {
    left: `${box.x * 100}%`,
    top: `${box.y * 100}%`,
    width: `${box.width * 100}%`,
    height: `${box.height * 100}%`,
    '--field-font': `min(16px, calc(var(--page-width) * 0.0185), calc(var(--page-height) * ${share.toFixed(5)}))`,
  } as CSSProperties;
};

/** Where a field shows on its page: one box, or for a choice drawn once per button, a box per choice. */
type FieldBox = { x: number; y: number; width: number; height: number; choice?: string };

/**
 * The boxes a field is drawn in, in fractions of its page, each its own tap target: one, or for a
 * radio group of a PDF's own form a box per button (its choiceBoxes, in fractions of the field's
 * box), each standing for its choice.
 */
function boxesOf(field: SigningField): FieldBox[] {
  const buttons = field.type === 'radio' ? field.options.choiceBoxes : undefined;
  const choices = field.options.choices ?? [];
  if (!buttons || buttons.length !== choices.length) {
    return [{ x: field.x, y: field.y, width: field.width, height: field.height }];
  }
  return buttons.map((button, index) => ({
    x: field.x + button.x * field.width,
    y: field.y + button.y * field.height,
    width: button.width * field.width,
    height: button.height * field.height,
    choice: choices[index],
  }));
}

/**
 * The signer's field on the page: its value at its box's size (it never grows over what is
 * around it), and a button whose tap target is at least 44 px square, centred on the box and
 * invisible, so a 6 px radio or a 2 px line is easy to tap and no word of the page is covered.
 * A tap opens the field's input in the walk's bar. The boxes paint over every tap target, so a
 * tap on a box always reaches its own field.
 */
const tapClass =
  "group absolute cursor-pointer border-0 bg-transparent p-0 text-left before:absolute before:top-1/2 before:left-1/2 before:h-11 before:min-h-full before:w-full before:min-w-11 before:-translate-x-1/2 before:-translate-y-1/2 before:content-[''] focus:outline-none";
const boxClass =
  'relative z-[1] flex size-full items-center overflow-hidden rounded-sm px-[0.25em] text-[length:var(--field-font)] leading-tight whitespace-nowrap text-slate-900 ring-2 group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-indigo-700';
const inputBoxClass = `${boxClass} bg-indigo-50/90 ring-indigo-500 group-aria-[current=true]:bg-white group-aria-[current=true]:ring-indigo-800`;
/** A box whose value the server would refuse: red, with the refusal in the bar and its title. */
const refusedBoxClass = `${boxClass} bg-red-50/90 ring-red-600`;
const adoptedBoxClass = `${boxClass} justify-center bg-amber-50/90 ring-amber-400 group-aria-[current=true]:ring-amber-600`;

/** The fields on one page: the signer's as buttons that open their input, the others' inert. */
export function PlacedFieldsOverlay({ page, walk }: { page: number; walk: SigningWalk }) {
  const fields = walk.view.placed.filter((field) => field.page === page);
  if (fields.length === 0) return null;
  return (
    <>
      {fields.map((field) =>
        boxesOf(field).map((box, index) =>
          field.mine ? (
            <MyField
              // biome-ignore lint/suspicious/noArrayIndexKey: a field's boxes keep their order
              key={`${field.id}:${index}`}
              field={field}
              box={box}
              first={index === 0}
              walk={walk}
            />
          ) : (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a field's boxes keep their order
              key={`${field.id}:${index}`}
              className="absolute flex items-center overflow-hidden rounded-sm bg-slate-200/60 px-[0.25em] text-[length:var(--field-font)] whitespace-nowrap text-slate-600 ring-1 ring-slate-300"
              style={boxStyle(field, box)}
              title={`${fieldNameOf(field)}: for another signer`}
            >
              {field.value ?? (field.filled ? `${fieldNameOf(field)} ✓` : fieldNameOf(field))}
            </div>
          ),
        ),
      )}
    </>
  );
}

/** What a field of the signer's shows in its box, and says to a screen reader. */
function shownValue(field: SigningField, box: FieldBox, walk: SigningWalk): { text: string; spoken: string } {
  const value = walk.placed.values[field.id] ?? '';
  switch (field.type) {
    case 'signature':
      return { text: '', spoken: walk.signature ? 'signed' : 'fills with the signature you adopt' };
    case 'initials':
      return {
        text: walk.signature ? walk.placed.initials : '',
        spoken: walk.signature ? walk.placed.initials : 'fills with your initials',
      };
    case 'name':
      return { text: walk.details.fullName ?? '', spoken: walk.details.fullName ?? '' };
    case 'email':
      return { text: walk.view.signer.email, spoken: walk.view.signer.email };
    case 'dateSigned': {
      const today = new Date().toISOString().slice(0, 10);
      return { text: today, spoken: today };
    }
    case 'checkbox':
      return { text: value === 'true' ? '✓' : '', spoken: value === 'true' ? 'ticked' : 'not ticked' };
    case 'radio':
      return box.choice === undefined
        ? { text: value, spoken: value || 'not chosen' }
        : { text: value === box.choice ? '●' : '', spoken: value === box.choice ? 'chosen' : 'not chosen' };
    case 'image':
      return { text: '', spoken: value ? 'image added' : 'no image' };
    default:
      return { text: value, spoken: value || 'empty' };
  }
}

function MyField({
  field,
  box,
  first,
  walk,
}: {
  field: SigningField;
  box: FieldBox;
  first: boolean;
  walk: SigningWalk;
}) {
  const name = fieldNameOf(field);
  const shown = shownValue(field, box, walk);
  const id = first ? walkIds.placed(field.id) : undefined;
  // The name, e-mail and date fill themselves from the signer's details: nothing to tap.
  if (field.type === 'name' || field.type === 'email' || field.type === 'dateSigned') {
    return (
      <div
        id={id}
        className={`absolute ${adoptedBoxClass}`}
        style={boxStyle(field, box)}
        title={`${name}: filled from your details`}
      >
        <span className="truncate">{shown.text}</span>
      </div>
    );
  }
  const adopted = field.type === 'signature' || field.type === 'initials';
  const place = walk.place;
  const current = adopted
    ? place?.kind === 'signature'
    : place?.kind === 'field' && place.field.id === field.id;
  const value = walk.placed.values[field.id] ?? '';
  const problem = walk.placed.problems[field.id];
  const label = `${name}${box.choice === undefined ? '' : ` ${box.choice}`}${field.required ? ', required' : ''}: ${shown.spoken}${problem ? `. ${problem}` : ''}`;
  return (
    <button
      id={id}
      type="button"
      aria-label={label}
      aria-current={current ? 'true' : undefined}
      onClick={() => {
        // A PDF's own radio button chooses its choice as it opens the group in the bar.
        if (box.choice !== undefined) walk.placed.setValue(field.id, box.choice);
        walk.goToField(field);
      }}
      className={tapClass}
      style={boxStyle(field, box)}
      title={problem}
    >
      <span
        className={`${adopted ? adoptedBoxClass : problem ? refusedBoxClass : inputBoxClass} ${field.type === 'checkbox' || box.choice !== undefined ? 'justify-center' : ''} ${field.type === 'text' && field.options.multiline ? 'items-start whitespace-pre-wrap' : ''}`}
      >
        {field.type === 'signature' && walk.signature ? (
          <img src={walk.signature.image} alt="" className="max-h-full max-w-full object-contain" />
        ) : field.type === 'image' && value ? (
          <img src={value} alt="" className="max-h-full max-w-full object-contain" />
        ) : (
          <span className={field.type === 'text' && field.options.multiline ? '' : 'truncate'}>
            {shown.text}
          </span>
        )}
      </span>
    </button>
  );
}
