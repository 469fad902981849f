// Preloaded into the server by bench/abuse.ts when BENCH_CPU_PROFILE names a directory (node
// refuses --cpu-prof in NODE_OPTIONS): profiles the main thread from start to exit and writes
// the profile there on exit. Read it with bench/profile-summary.ts or Chrome's DevTools.
const { writeFileSync } = require('node:fs');
const inspector = require('node:inspector');
const { join } = require('node:path');
const { isMainThread } = require('node:worker_threads');

const dir = process.env.BENCH_CPU_PROFILE;
if (dir && isMainThread) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 250 });
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
