/**
 * Asks `${base}/api/health` again and again, one request at a time, for as long as `work` runs,
 * and returns what `work` returned with the latencies seen (ms). A request that cannot be
 * answered while the event loop is blocked shows up as one long latency.
 */
export async function probeWhile<T>(
  base: string,
  work: () => Promise<T>,
): Promise<{ result: T; latencies: number[] }> {
  const latencies: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  })();
  try {
    const result = await work();
    return { result, latencies };
  } finally {
    done = true;
    await probing;
  }
}

/** The p-th percentile (0–100) of the values, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}
