import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from './button';

export type SignatureValue = { kind: 'drawn' | 'typed'; image: string; typedName?: string } | null;

const width = 560;
const height = 180;
const typedFont = "italic 52px 'Segoe Script', 'Brush Script MT', 'Snell Roundhand', cursive";

function prepare(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.scale(ratio, ratio);
  // Transparent: a signature laid over a document's line shows only its ink.
  context.clearRect(0, 0, width, height);
  context.strokeStyle = '#0f172a';
  context.fillStyle = '#0f172a';
  context.lineWidth = 2.5;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  return context;
}

/**
 * Takes a signature drawn with a mouse, pen or finger, or typed and set in a handwriting face.
 * Either way the result is a PNG, which is what the signed PDF shows.
 */
export function SignaturePad({
  onChange,
  defaultName,
}: {
  onChange: (value: SignatureValue) => void;
  defaultName: string;
}) {
  const [mode, setMode] = useState<'drawn' | 'typed'>('drawn');
  const [typed, setTyped] = useState(defaultName);
  const canvas = useRef<HTMLCanvasElement>(null);
  const context = useRef<CanvasRenderingContext2D | null>(null);
  const drawing = useRef(false);
  const strokes = useRef(0);

  const reset = useCallback(() => {
    if (!canvas.current) return;
    context.current = prepare(canvas.current);
    strokes.current = 0;
    onChange(null);
  }, [onChange]);

  useEffect(() => {
    if (mode === 'drawn') {
      reset();
      return;
    }
    const element = canvas.current;
    const ctx = element ? prepare(element) : null;
    if (!element || !ctx) return;
    const name = typed.trim();
    if (!name) {
      onChange(null);
      return;
    }
    ctx.font = typedFont;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'center';
    ctx.fillText(name, width / 2, height / 2, width - 40);
    onChange({ kind: 'typed', image: element.toDataURL('image/png'), typedName: name });
  }, [mode, typed, onChange, reset]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * width,
      y: ((event.clientY - box.top) / box.height) * height,
    };
  };
  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (mode !== 'drawn' || !context.current) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.current.beginPath();
    context.current.moveTo(x, y);
    context.current.lineTo(x + 0.1, y + 0.1);
    context.current.stroke();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !context.current) return;
    const { x, y } = point(event);
    context.current.lineTo(x, y);
    context.current.stroke();
  };
  const up = () => {
    if (!drawing.current || !canvas.current) return;
    drawing.current = false;
    strokes.current += 1;
    onChange({ kind: 'drawn', image: canvas.current.toDataURL('image/png') });
  };

  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Signature</legend>
      <div role="tablist" aria-label="How to sign" className="mt-2 inline-flex rounded-md bg-slate-100 p-1">
        {(['drawn', 'typed'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={mode === option}
            onClick={() => setMode(option)}
            className={`rounded px-3 py-1.5 text-sm font-medium ${mode === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {option === 'drawn' ? 'Draw' : 'Type'}
          </button>
        ))}
      </div>
      {mode === 'typed' && (
        <div className="mt-3">
          <label htmlFor="typed-signature" className="block text-sm text-slate-600">
            Type your name
          </label>
          <input
            id="typed-signature"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            maxLength={80}
            className="mt-1 block h-10 w-full rounded-md border-0 px-3 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
          />
        </div>
      )}
      <div className="relative mt-3">
        <canvas
          ref={canvas}
          aria-label={mode === 'drawn' ? 'Signature pad: draw your signature here' : 'Your typed signature'}
          role="img"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          className={`block aspect-[56/18] w-full rounded-md bg-white ring-1 ring-slate-300 ${mode === 'drawn' ? 'cursor-crosshair touch-none' : ''}`}
        />
        <div className="pointer-events-none absolute inset-x-6 bottom-8 border-b border-dashed border-slate-300" />
      </div>
      {mode === 'drawn' && (
        <div className="mt-2 flex items-center justify-between text-sm text-slate-500">
          <span>Draw with your mouse, pen or finger.</span>
          <Button variant="ghost" size="sm" onClick={reset}>
            Clear
          </Button>
        </div>
      )}
    </fieldset>
  );
}
