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
  // Split: what a thread loads on demand (a worker's tasks, with the Typst compiler and the rest) is a
  // chunk of its own, so its packages are read when it is loaded, not when the file starts. A
  // task thread lowers its priority before it loads its tasks (workers/task-thread.ts), and the
  // server's own thread never loads the PDF packages it leaves to its threads.
  // Chunks sit beside the entries, so `new URL('./pdf-worker.js', import.meta.url)` finds a worker
  // from whichever file its code lands in.
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
