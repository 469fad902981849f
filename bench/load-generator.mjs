// One autocannon run in a process of its own, so bench/api.ts can pin the load generator to one
// CPU and the server under test to another: on a 2-core machine, a load generator sharing the
// server's process (or core) takes the CPU the server's figures are about.
// Usage: node bench/load-generator.mjs '<autocannon options as JSON>'; prints the result as JSON.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
const result = await autocannon(options);
process.stdout.write(
  JSON.stringify({
    requestsAverage: result.requests.average,
    requestsTotal: result.requests.total,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodeStats: result.statusCodeStats ?? {},
  }),
);
