// An open-loop load at a steady rate: request i is due at start + i / rate, whatever happened to
// the ones before it, and its latency is counted from when it was due (so a stall delays every
// request behind it and shows in p99, instead of being hidden by a generator that waits).
//
// autocannon's own rate limit (`overallRate`) is not steady: each connection sends its share of
// a second's requests back to back at the start of the second and then sits idle, so "200 req/s"
// was a burst at full speed every second and p99 measured the queue of the burst.
import http from 'node:http';

/**
 * @param {{ url: string, connections: number, duration: number, overallRate: number, headers?: Record<string, string> }} options
 */
export async function pacedLoad({ url, connections, duration, overallRate, headers = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const intervalMs = 1000 / overallRate;
  const total = Math.round(duration * overallRate);
  /** @type {number[]} */
  const latencies = [];
  /** @type {Record<string, { count: number }>} */
  const statusCodeStats = {};
  let errors = 0;
  let timeouts = 0;

  /** @param {number} due */
  const send = (due) =>
    new Promise((resolve) => {
      const request = http.get(url, { agent, headers, timeout: 10_000 }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - due);
          const code = String(response.statusCode);
          statusCodeStats[code] = { count: (statusCodeStats[code]?.count ?? 0) + 1 };
          resolve(undefined);
        });
      });
      request.on('timeout', () => {
        timeouts++;
        request.destroy();
      });
      request.on('error', () => {
        errors++;
        resolve(undefined);
      });
    });

  const started = performance.now();
  /** @type {Promise<unknown>[]} */
  const pending = [];
  for (let index = 0; index < total; index++) {
    const due = started + index * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait - 0.5));
    while (performance.now() < due) {
      // the last half millisecond: timers are coarser than the interval between requests
    }
    pending.push(send(due));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();

  const sorted = latencies.sort((a, b) => a - b);
  const at = (/** @type {number} */ fraction) =>
    sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0) : 0;
  const round = (/** @type {number} */ value) => Math.round(value * 10) / 10;
  return {
    requestsAverage: latencies.length / elapsed,
    requestsTotal: latencies.length,
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
    errors,
    timeouts,
    statusCodeStats,
  };
}
