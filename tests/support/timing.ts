type Timed = () => Promise<unknown>;

/**
 * How long each of two requests takes the server, as the fastest of `rounds` tries each, taken
 * in turn and alternating which goes first. Load on a shared machine only ever adds time, so
 * the fastest try is the work itself; a single try of each differs by whatever else the
 * machine did meanwhile (seen: 270 ms on a loaded 2-core machine). `setUp` makes each round's
 * pair (fresh accounts, fresh addresses) outside the timing.
 */
export async function fastestTimes(
  rounds: number,
  setUp: (round: number) => Promise<[Timed, Timed]>,
): Promise<[number, number]> {
  const fastest: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (let round = 0; round < rounds; round++) {
    const pair = await setUp(round);
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order as (0 | 1)[]) {
      const started = performance.now();
      await pair[which]();
      fastest[which] = Math.min(fastest[which], performance.now() - started);
    }
  }
  return fastest;
}
