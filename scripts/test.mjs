// `npm test`: the type check and the lint run beside the build and the unit and API tests (they
// only read the sources), then the browser tests run on the build. A failure stops the rest.
import { spawn } from 'node:child_process';

const running = new Set();

/** Runs a command; `quiet` keeps its output until it ends, so parallel steps do not interleave. */
function step(name, [command, ...args], { quiet = false } = {}) {
  const started = Date.now();
  // A process group of its own, so that stopping it stops what it started too.
  const child = spawn(command, args, {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    detached: true,
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (quiet && (code !== 0 || output.trim())) process.stdout.write(output);
      console.log(`\n${name}: ${code === 0 ? 'passed' : `failed (${signal ?? code})`} in ${seconds} s`);
      if (code === 0) resolve();
      else reject(new Error(`${name} failed`));
    });
  });
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(1);
  });
}

try {
  const checks = Promise.all([
    step('typecheck', ['npx', 'tsc', '--noEmit'], { quiet: true }),
    step('lint', ['npx', 'biome', 'check', '.'], { quiet: true }),
  ]);
  checks.catch(() => {}); // awaited below; a failure also stops whatever runs meanwhile
  checks.catch(stopAll);
  await step('build', ['npm', 'run', 'build', '--silent'], { quiet: true });
  await step('vitest', ['npx', 'vitest', 'run']);
  await checks;
  await step('playwright', ['npx', 'playwright', 'test']);
} catch (error) {
  stopAll();
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
