// One load run in a process of its own, so bench/api.ts can pin the load generator to one CPU and
// the server under test to another: on a 2-core machine, a load generator sharing the server's
// process (or core) takes the CPU the server's figures are about.
// With `overallRate`, a steady open-loop load (bench/paced-load.mjs); without, autocannon at full
// speed. Usage: node bench/load-generator.mjs '<options as JSON>'; prints the result as JSON.
import autocannon from 'autocannon';
import { pacedLoad } from './paced-load.mjs';

const options = JSON.parse(process.argv[2] ?? '{}');
const figures = options.overallRate
  ? await pacedLoad(options)
  : await autocannon(options).then((result) => ({
      requestsAverage: result.requests.average,
      requestsTotal: result.requests.total,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      errors: result.errors,
      timeouts: result.timeouts,
      statusCodeStats: result.statusCodeStats ?? {},
    }));
process.stdout.write(JSON.stringify(figures));
