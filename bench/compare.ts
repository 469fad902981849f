// npm run bench:compare — the redline of two versions of a 100-page contract (the 100-page .docx
// made by LibreOffice, tests/fixtures/docx/hundred-pages.docx, and a revision of it with changes
// spread all through), on the calling thread; then opening the editor of a contract with 200
// comment threads in headless Chromium against the built server (`npm run build` first; set
// BENCH_COMMENTS=false to skip it). Prints medians; asserts nothing.
import { readFileSync } from 'node:fs';
import { normalizeDocument } from '../src/editor/content';
import { compareDocuments } from '../src/editor/redline/compare-documents';
import { importDocx } from '../src/server/docx/import-docx';
import { firstPages, openWithComments } from './comments-open';
import { reviseDocument } from './revise-document';
import { printRow, timed } from './stats';

const runs = Number(process.env.BENCH_RUNS ?? 9);
const file = readFileSync(new URL('../tests/fixtures/docx/hundred-pages.docx', import.meta.url));
const before = normalizeDocument(JSON.parse((await importDocx(file)).contentJson));
const after = normalizeDocument(reviseDocument(before));
const blocks = (before.content ?? []).length;
console.log(
  `bench:compare — ${blocks} blocks (a 100-page .docx) against a revision of it, ${runs} runs each\n`,
);

const compared: number[] = [];
let summary = '';
for (let run = 0; run < runs; run += 1) {
  const [redline, took] = await timed(() => compareDocuments(before, after));
  compared.push(took);
  const { insertedWords, deletedWords, wordByWord } = redline.summary;
  summary = `${insertedWords} words added, ${deletedWords} removed${wordByWord ? '' : ' (coarse in places)'}`;
}
printRow('redline of two versions of a 100-page contract', compared, summary);

if (process.env.BENCH_COMMENTS !== 'false') {
  const openRuns = Number(process.env.BENCH_OPEN_RUNS ?? 5);
  console.log(`\nOpening a contract's editor, navigation to interactive, ${openRuns} runs each\n`);
  await openWithComments(
    [
      { label: '10 pages, no comments', content: firstPages(before, 10), threads: 0 },
      { label: '10 pages, 200 comment threads', content: firstPages(before, 10), threads: 200 },
      { label: '100 pages, no comments', content: before, threads: 0 },
      { label: '100 pages, 200 comment threads', content: before, threads: 200 },
    ],
    openRuns,
  );
}
