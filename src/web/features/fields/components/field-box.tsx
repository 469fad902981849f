import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { fieldNameOf, signerColour } from '../../../lib/field-types';
import { type Box, movedBy, type PageAspect, resizedBy } from '../field-geometry';
import type { DraftField } from '../use-field-draft';

/** A small step of the arrow keys, as a fraction of the page (about a point); Shift takes ten. */
const nudge = 0.002;

type Gesture = { mode: 'move' | 'resize'; startX: number; startY: number; page: DOMRect; box: Box };

/**
 * A placed field on its page, in its signer's colour: dragged to move, its corner dragged to
 * resize; from the keyboard the arrows move it (Shift: further), Alt and the arrows resize it,
 * Delete removes it and Ctrl+D copies it.
 */
export function FieldBox({
  field,
  signerName,
  aspect,
  selected,
  focusRequested,
  onFocused,
  onSelect,
  onPlace,
  onRemove,
  onCopy,
}: {
  field: DraftField;
  signerName: string | null;
  aspect: PageAspect;
  selected: boolean;
  /** Brought into view and focused when drawn (just placed, or shown from the legend). */
  focusRequested: boolean;
  onFocused: () => void;
  onSelect: () => void;
  onPlace: (box: Box) => void;
  onRemove: () => void;
  onCopy: () => void;
}) {
  const gesture = useRef<Gesture | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusRequested || !button.current) return;
    button.current.scrollIntoView({ block: 'nearest' });
    button.current.focus({ preventScroll: true });
    onFocused();
  }, [focusRequested, onFocused]);
  const [preview, setPreview] = useState<Box | null>(null);
  // The box as the last pointer move left it, read when the pointer is released.
  const latest = useRef<Box | null>(null);
  const box = preview ?? field;
  const colour = signerColour(field.signer);
  const name = fieldNameOf(field);

  const start = (mode: Gesture['mode']) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    const page = event.currentTarget.closest('[data-field-layer]')?.getBoundingClientRect();
    if (!page) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current = { mode, startX: event.clientX, startY: event.clientY, page, box: field };
    onSelect();
  };
  const follow = (event: PointerEvent<HTMLElement>) => {
    const at = gesture.current;
    if (!at) return;
    const dx = (event.clientX - at.startX) / at.page.width;
    const dy = (event.clientY - at.startY) / at.page.height;
    latest.current = at.mode === 'move' ? movedBy(at.box, dx, dy) : resizedBy(at.box, dx, dy, aspect);
    setPreview(latest.current);
  };
  /** Released: the box lands where it was taken; cancelled (a scroll, a second finger): it goes back. */
  const end = (keep: boolean) => () => {
    gesture.current = null;
    if (keep && latest.current) onPlace(latest.current);
    latest.current = null;
    setPreview(null);
  };

  const keys = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? nudge * 10 : nudge;
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const arrow = arrows[event.key];
    if (arrow) {
      event.preventDefault();
      const [dx, dy] = arrow;
      onPlace(event.altKey ? resizedBy(field, dx, dy, aspect) : movedBy(field, dx, dy));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove();
    } else if (event.key.toLowerCase() === 'd' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onCopy();
    }
  };

  return (
    <div
      className="absolute"
      style={{
        left: `${box.x * 100}%`,
        top: `${box.y * 100}%`,
        width: `${box.width * 100}%`,
        height: `${box.height * 100}%`,
      }}
    >
      <button
        type="button"
        ref={button}
        aria-label={`${name}, for ${signerName ?? 'no signer yet'}${field.required ? '' : ', optional'}`}
        aria-pressed={selected}
        onPointerDown={start('move')}
        onPointerMove={follow}
        onPointerUp={end(true)}
        onPointerCancel={end(false)}
        onFocus={onSelect}
        onKeyDown={keys}
        className={`flex size-full cursor-move touch-none select-none items-center overflow-hidden rounded-sm px-1 text-left text-[10px] font-medium leading-tight ring-2 ${colour.ring} ${colour.tint} ${colour.text} ${selected ? 'outline-2 outline-offset-2 outline-slate-900' : ''} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900`}
      >
        <span className="truncate">
          {name}
          {field.value ? `: ${field.value}` : ''}
        </span>
      </button>
      {/* A PDF's own radio buttons, each where the PDF has it. */}
      {field.type === 'radio' &&
        field.options.choiceBoxes?.map((choice, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: one box per choice, in their order
            key={index}
            aria-hidden="true"
            className={`pointer-events-none absolute rounded-full ring-1 ${colour.ring}`}
            style={{
              left: `${choice.x * 100}%`,
              top: `${choice.y * 100}%`,
              width: `${choice.width * 100}%`,
              height: `${choice.height * 100}%`,
            }}
          />
        ))}
      {selected && (
        <span
          aria-hidden="true"
          onPointerDown={start('resize')}
          onPointerMove={follow}
          onPointerUp={end(true)}
          onPointerCancel={end(false)}
          className="absolute -right-2 -bottom-2 size-4 cursor-nwse-resize touch-none rounded-full border-2 border-white bg-slate-900 shadow"
        />
      )}
    </div>
  );
}
