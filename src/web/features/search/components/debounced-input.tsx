import { type InputHTMLAttributes, useEffect, useRef, useState } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  /** Called once typing pauses, with what was typed (trimmed). */
  onCommit: (value: string) => void;
  delayMs?: number;
};

/**
 * An input whose value reaches the address once typing pauses, so each keystroke does not cost
 * a request; the address changing elsewhere (a saved view picked, back) shows here too.
 */
export function DebouncedInput({ value, onCommit, delayMs = 250, ...rest }: Props) {
  const [typed, setTyped] = useState(value);
  const committed = useRef(value);
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setTyped(value);
    }
  }, [value]);
  useEffect(() => {
    if (typed.trim() === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = typed.trim();
      onCommit(typed.trim());
    }, delayMs);
    return () => clearTimeout(timer);
  }, [typed, delayMs, onCommit]);
  return <input {...rest} value={typed} onChange={(event) => setTyped(event.target.value)} />;
}
