// Bundles the server into dist/server/main.js (and its PDF worker): dependencies stay in node_modules.
import { build } from 'esbuild';

await build({
  // The PDF worker runs in a thread of its own, so it is a second file beside main.js.
  entryPoints: { main: 'src/server/main.ts', 'pdf-worker': 'src/server/pdf/pdf-worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
