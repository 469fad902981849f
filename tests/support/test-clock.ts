import { setClock } from '../../src/server/clock';

/**
 * Holds the server's clock inside one window of `windowMs` (fixed windows start at multiples of
 * their length), so attempts a test makes one after another all fall in that window however
 * slow the machine. It holds at the real time, or at the next window's start when the real time
 * is less than `roomMs` before an edge (by default a minute, or a tenth of a short window): never
 * more than that away from real time, so sessions and sign-ins made before stay as recent as they
 * were, and the test may advance it by up to `roomMs` within the window. Returns the held time;
 * reset with `resetClock`.
 */
export function holdClockInWindow(windowMs: number, roomMs = Math.min(60_000, windowMs / 10)): Date {
  const real = Date.now();
  const end = Math.floor(real / windowMs) * windowMs + windowMs;
  const held = new Date(end - real <= roomMs ? end : real);
  setClock(held);
  return held;
}
