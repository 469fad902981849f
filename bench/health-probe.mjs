// A client of its own: asks /api/health back to back until told to stop, then prints the
// latencies (ms) as JSON. Run in its own process so the attacker's work never delays it.
import { createInterface } from 'node:readline';

const base = process.argv[2];
let phase = null;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line === 'start') phase = [];
  if (line === 'stop' && phase) {
    process.stdout.write(`${JSON.stringify(phase)}\n`);
    phase = null;
  }
  if (line === 'exit') process.exit(0);
});
// The benchmark that started it has gone (it ended, or crashed): so does the probe.
lines.on('close', () => process.exit(0));
while (true) {
  if (!phase) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    continue;
  }
  const current = phase;
  const started = performance.now();
  const response = await fetch(`${base}/api/health`);
  await response.arrayBuffer();
  current.push(performance.now() - started);
}
