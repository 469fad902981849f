// npm run bench:bundle — the gzipped size of every chunk of the built web app, and of the
// JavaScript a first visit to /login downloads (the entry module and what index.html preloads).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const webDir = join(import.meta.dirname, '..', 'dist', 'web');
const assetsDir = join(webDir, 'assets');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (file: string) => gzipSync(readFileSync(join(assetsDir, file)), { level: 9 }).length;

const chunks = readdirSync(assetsDir)
  .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
  .map((file) => ({ file, raw: readFileSync(join(assetsDir, file)).length, gzip: gzipped(file) }))
  .sort((a, b) => b.gzip - a.gzip);

console.log('chunk                                              raw        gzip');
for (const chunk of chunks)
  console.log(`${chunk.file.padEnd(48)} ${kb(chunk.raw).padStart(10)} ${kb(chunk.gzip).padStart(10)}`);

const html = readFileSync(join(webDir, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map(
  (match) => match[1] as string,
);
const initialBytes = initial.reduce((sum, file) => sum + gzipped(file), 0);
console.log(
  `\nInitial JavaScript for /login (${initial.join(', ')}): ${kb(initialBytes)} gzipped (goal ≤ 100 KB)`,
);
