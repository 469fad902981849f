import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { FieldInput } from './field-input';
import { type SigningWalk, walkIds } from './use-signing-walk';

/** What the bar asks for at each place of the walk that is not a field of the document. */
const asked = {
  consent: 'Read the disclosure and agree to sign electronically.',
  signature: 'Adopt your signature: draw it or type it. Every signature and initials field fills with it.',
} as const;

/**
 * The walk, at the foot of the screen while the document and the form scroll: how many of the
 * things to do are done ("3 of 7"), the input of the field it stands on, and Start, Next or, once
 * everything is done, Finish, which signs.
 */
export function WalkBar({ walk }: { walk: SigningWalk }) {
  const { place, done, steps, complete } = walk;
  const total = steps.length;
  const bar = useRef<HTMLElement>(null);
  // What the keyboard focuses is scrolled clear of the bar, which covers the foot of the screen.
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${element.getBoundingClientRect().height}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, []);
  const finish = walk.signs ? 'Finish' : 'Approve';
  const hint = complete
    ? walk.signs
      ? 'Everything is done. Finish signs the document.'
      : 'Everything is done. Approve approves the document.'
    : place === null
      ? `${total} things to do before you ${walk.signs ? 'sign' : 'approve'}. Start takes you to each.`
      : place.kind === 'field'
        ? null
        : place.kind === 'detail'
          ? `Fill in your ${place.name.toLowerCase()}.`
          : place.kind === 'naming'
            ? `Give the name and e-mail of ${place.label || 'the next recipient'}: they are invited in their turn.`
            : place.kind === 'consent' && !walk.signs
              ? 'Read the disclosure and agree to approve electronically.'
              : asked[place.kind];
  return (
    <section
      id={walkIds.bar}
      ref={bar}
      aria-label="Signing steps"
      className="sticky bottom-0 z-20 -mx-4 space-y-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] backdrop-blur sm:mx-0 sm:rounded-t-lg sm:border-x sm:px-6"
    >
      {place?.kind === 'field' && (
        <FieldInput
          key={place.field.id}
          field={place.field}
          value={walk.placed.values[place.field.id] ?? ''}
          problem={walk.placed.problems[place.field.id] ?? null}
          onChange={(value) => walk.placed.setValue(place.field.id, value)}
          onRefuse={(problem) => walk.placed.refuseFile(place.field.id, problem)}
          onEnter={walk.next}
        />
      )}
      {walk.sign.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {errorMessage(walk.sign.error)}
        </p>
      )}
      <div className="flex items-center justify-between gap-3">
        <p aria-live="polite" className="min-w-0 text-sm text-slate-600">
          <span className="font-semibold text-slate-900">
            {done} of {total}
          </span>{' '}
          done{hint && <span className="block text-xs sm:inline sm:text-sm"> {hint}</span>}
        </p>
        {complete ? (
          <Button
            type="submit"
            form="signing-form"
            loading={walk.sign.isPending}
            className="shrink-0 sm:min-w-32"
          >
            {finish}
          </Button>
        ) : (
          <Button type="button" onClick={walk.next} className="shrink-0 sm:min-w-32">
            {walk.started ? 'Next' : 'Start'}
          </Button>
        )}
      </div>
    </section>
  );
}
