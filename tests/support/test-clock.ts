import { setClock } from '../../src/server/clock';

/**
 * Holds the server's clock in the middle of the current window of `windowMs` (fixed windows
 * start at multiples of their length), so attempts a test makes one after another all fall in
 * one window however slow the machine. Returns the held time. Reset with `resetClock`.
 */
export function holdClockMidWindow(windowMs: number): Date {
  const start = Math.floor(Date.now() / windowMs) * windowMs;
  const held = new Date(start + windowMs / 2);
  setClock(held);
  return held;
}
