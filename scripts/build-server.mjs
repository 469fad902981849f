// Bundles the server into dist/server/main.js (and its worker threads): dependencies stay in node_modules.
import { build } from 'esbuild';

await build({
  // The PDF, content and .docx workers run in threads of their own, so they are files beside main.js.
  entryPoints: {
    main: 'src/server/main.ts',
    'pdf-worker': 'src/server/pdf/pdf-worker.ts',
    'content-worker': 'src/server/services/contracts/content-worker.ts',
    'docx-worker': 'src/server/docx/docx-worker.ts',
    'upload-worker': 'src/server/uploads/upload-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
