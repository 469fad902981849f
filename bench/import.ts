// npm run bench:import — a 100-page .docx (made by LibreOffice, tests/fixtures/docx/hundred-pages.docx)
// imported and exported: on the calling thread (reading and writing alone), then end to end through
// the built server (HTTP request → worker thread → stored contract, and the download), with the
// latency /api/health shows meanwhile. Prints medians; asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeDocument } from '../src/editor/content';
import { demoCredentials } from '../src/server/demo/seed-demo';
import { documentToDocx } from '../src/server/docx/document-to-docx';
import { importDocx } from '../src/server/docx/import-docx';
import { docxMediaType } from '../src/shared/docx-file';
import { probeWhile } from '../tests/support/probe';
import { freePort, startServer, stopServer } from './seal-server';
import { printRow, timed } from './stats';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const file = readFileSync(new URL('../tests/fixtures/docx/hundred-pages.docx', import.meta.url));

const row = (label: string, values: number[], note = '') => printRow(label, values, note);

console.log(`bench:import — a 100-page .docx (${(file.length / 1024).toFixed(0)} KB), ${runs} runs each\n`);

// On this thread: the reading and writing themselves.
const parsed: number[] = [];
let contentJson = '';
for (let run = 0; run < runs; run += 1) {
  const [result, took] = await timed(() => importDocx(file));
  parsed.push(took);
  contentJson = result.contentJson;
}
const document = normalizeDocument(JSON.parse(contentJson));
const blocks = JSON.stringify(document).match(/"type":"(paragraph|heading)"/g)?.length ?? 0;
row('read .docx → checked editor document (no HTTP)', parsed, `${blocks} paragraphs and headings`);
const written: number[] = [];
let exportedBytes = 0;
for (let run = 0; run < runs; run += 1) {
  const [bytes, took] = await timed(() => documentToDocx(document, 'Hundred pages'));
  written.push(took);
  exportedBytes = bytes.length;
}
row('editor document → .docx (no HTTP)', written, `${(exportedBytes / 1024).toFixed(0)} KB`);

// End to end through the built server.
const dataDir = mkdtempSync(join(tmpdir(), 'pactum-bench-import-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer({
  PORT: String(port),
  APP_URL: base,
  DATA_DIR: dataDir,
  DEMO: 'true',
  LOG_LEVEL: 'warn',
});
try {
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(demoCredentials),
  });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
  const imports: number[] = [];
  const exports: number[] = [];
  const healthMax: number[] = [];
  let id = '';
  for (let run = 0; run <= runs; run += 1) {
    const { result, latencies } = await probeWhile(base, () =>
      timed(async () => {
        const response = await fetch(`${base}/api/contracts/import-docx?fileName=hundred-pages.docx`, {
          method: 'POST',
          headers: { cookie, origin: base, 'content-type': docxMediaType },
          body: file,
        });
        if (response.status !== 201)
          throw new Error(`import answered ${response.status}: ${await response.text()}`);
        return ((await response.json()) as { contract: { id: string } }).contract.id;
      }),
    );
    // The first run starts the worker thread: counted apart.
    if (run === 0) {
      console.log(`  first import (starts the .docx worker thread)             ${result[1].toFixed(0)} ms`);
      continue;
    }
    id = result[0];
    imports.push(result[1]);
    healthMax.push(Math.max(...latencies));
  }
  row('POST /api/contracts/import-docx (built server, HTTP)', imports);
  row('  /api/health, slowest answer during each import', healthMax);
  for (let run = 0; run <= runs; run += 1) {
    const [, took] = await timed(async () => {
      const response = await fetch(`${base}/api/contracts/${id}/docx`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`export answered ${response.status}`);
      await response.arrayBuffer();
    });
    if (run > 0) exports.push(took);
  }
  row('GET /api/contracts/:id/docx (built server, HTTP)', exports);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
