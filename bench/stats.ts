/** The median of some timings. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Prints one figure: the median, the spread and the number of runs, and a note. */
export function printRow(label: string, values: number[], note = '', width = 52): void {
  console.log(
    `  ${label.padEnd(width)} median ${median(values).toFixed(0).padStart(5)} ms  (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}, ${values.length} runs)  ${note}`,
  );
}

/** Runs some work and says how long it took, in milliseconds. */
export async function timed<T>(work: () => Promise<T> | T): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}
