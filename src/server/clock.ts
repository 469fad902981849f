/**
 * The one clock every time-window rule reads: rate limits and throttles, cooldowns, expiries of
 * links, codes, cookies and sessions, reminders and sweeps. In production it is the system
 * clock. Tests set or move it (`setClock`, `advanceClock`) to put requests in one window, or
 * past its edge, instead of racing real time. What stays on real time on purpose: the job
 * queue's claims and leases, timers and wake-ups, timing budgets of work (answer padding,
 * parsing deadlines), log timestamps.
 */

type Source = () => Date;

const systemTime: Source = () => new Date();

let source: Source = systemTime;
let offsetMs = 0;

/** The current time, as the rules see it. */
export function now(): Date {
  return new Date(source().getTime() + offsetMs);
}

/** The current time in milliseconds since the epoch, as `now()`. */
export function nowMs(): number {
  return now().getTime();
}

/**
 * For tests: holds the clock at a date, or reads it from a function (a clock that ticks from a
 * chosen start). Forgets any earlier `advanceClock`.
 */
export function setClock(to: Date | Source): void {
  if (typeof to === 'function') source = to;
  else {
    const held = new Date(to.getTime());
    source = () => held;
  }
  offsetMs = 0;
}

/** For tests: moves the clock on (or back, when negative) by `ms`, held or ticking alike. */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

/** For tests: back to the system clock. */
export function resetClock(): void {
  source = systemTime;
  offsetMs = 0;
}
