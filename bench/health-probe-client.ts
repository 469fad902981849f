import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * /api/health asked back to back by a process of its own (health-probe.mjs), as another user would:
 * the benchmark's own work (sending a 20 MB upload, an attack) never delays its answers.
 */
export function startHealthProbe(base: string) {
  const probe = spawn(process.execPath, [new URL('./health-probe.mjs', import.meta.url).pathname, base], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = probe.stdout.setEncoding('utf8');
  return {
    /** Runs `work` while the probe asks; its result, and the probe's latencies in ms. */
    async during<T>(work: () => Promise<T>): Promise<{ result: T; latencies: number[] }> {
      let latencies: number[] = [];
      probe.stdin.write('start\n');
      let result: T;
      try {
        result = await work();
      } finally {
        // Stopped however the work ended, so the next phase starts with an empty list.
        const answer = once(lines, 'data');
        probe.stdin.write('stop\n');
        let text = String((await answer)[0]);
        while (!text.endsWith('\n')) text += String((await once(lines, 'data'))[0]);
        latencies = JSON.parse(text) as number[];
      }
      return { result, latencies };
    },
    close() {
      probe.stdin.write('exit\n');
    },
  };
}
