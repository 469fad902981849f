// npx tsx bench/paste.ts (after npm run build; npm run bench:import runs it) — a 100-page paste
// from Word into the contract editor, in headless Chromium against the built server: the time from
// the paste event to the document laid out, and to the next frame. Prints medians; asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { demoCredentials } from '../src/server/demo/seed-demo';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { startBuiltServer } from '../tests/support/built-server';
import { printRow } from './stats';

const pages = Number(process.env.BENCH_PAGES ?? 100);
const runs = Number(process.env.BENCH_RUNS ?? 5);

/**
 * A long Word clipboard made of the real one's parts (tests/fixtures/clipboard, Word for Mac): its
 * head with the style sheet and list definitions, and its numbered and lettered list paragraphs
 * with their bookmark spans and conditional comments; around them, body paragraphs in Word's
 * markup. About 2,200 characters a page, as the 100-page contract of the other benchmarks.
 */
function wordClipboard(pageCount: number): { html: string; items: number; characters: number } {
  const source = readFileSync(
    join(import.meta.dirname, '..', 'tests', 'fixtures', 'clipboard', 'word-mac-nested-lists.html'),
    'utf8',
  );
  const head = source.slice(0, source.indexOf('<!--StartFragment-->') + '<!--StartFragment-->'.length);
  const paragraphs = source.match(/<p\b[\s\S]*?<\/p>/g) ?? [];
  const numbered = paragraphs.find((paragraph) => paragraph.includes('>two<')) as string;
  const lettered = paragraphs.find((paragraph) => paragraph.includes('>a<o:p>')) as string;
  const item = (template: string, marker: string, text: string) =>
    template.replace(/>(2\.|a\.)<span/, `>${marker}<span`).replace(/>(two|a)<o:p>/, `>${text}<o:p>`);
  const sentence =
    'The Supplier shall perform the Services with the skill, care and diligence expected of a leading provider, and in accordance with the Specification and all applicable laws. ';
  const body = (text: string) =>
    `<p class=MsoNormal style='text-align:justify'><span lang=EN-US>${text}<b style='mso-bidi-font-weight:normal'>Confidential Information</b> ${text}<i>Effective Date</i>.<o:p></o:p></span></p>\r\n`;
  const parts: string[] = [head];
  let items = 0;
  let characters = 0;
  for (let page = 1; page <= pageCount; page += 1) {
    parts.push(`<h2><span lang=EN-US>Clause ${page}<o:p></o:p></span></h2>\r\n`);
    parts.push(body(sentence.repeat(2)), body(sentence.repeat(2)));
    for (let n = 1; n <= 2; n += 1) {
      parts.push(item(numbered, `${n}.`, `Obligation ${page}.${n}: ${sentence}`));
      parts.push(item(lettered, 'a.', `first limb of ${page}.${n}; ${sentence}`));
      parts.push(item(lettered, 'b.', `second limb of ${page}.${n}.`));
      items += 3;
    }
    characters += 4 * sentence.length * 2 + 3 * sentence.length * 2;
  }
  parts.push('<!--EndFragment-->\r\n</body>\r\n</html>\r\n');
  return { html: parts.join(''), items, characters };
}

const clipboard = wordClipboard(pages);
console.log(
  `bench:paste — a ${pages}-page Word paste: ${(clipboard.html.length / 1_000_000).toFixed(1)} MB of clipboard HTML, ` +
    `${clipboard.items} list items, ~${clipboard.characters.toLocaleString('en')} characters; ${runs} runs\n`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'pactum-bench-paste-'));
const server = await startBuiltServer({ DATA_DIR: dataDir, DEMO: 'true' });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.base });
  const page = await context.newPage();
  const signIn = await page.request.post('/api/auth/sign-in', { data: demoCredentials });
  if (!signIn.ok()) throw new Error(`demo sign-in answered ${signIn.status()}`);
  const laidOut: number[] = [];
  const painted: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await page.goto('/contracts/new');
    const body = page.getByRole('textbox', { name: 'Contract content' });
    await body.click();
    const figures = await body.evaluate(
      (element, html) =>
        new Promise<{ laidOut: number; painted: number; items: number }>((resolve) => {
          const transfer = new DataTransfer();
          transfer.setData('text/html', html);
          transfer.setData('text/plain', 'Clause');
          const started = performance.now();
          // ProseMirror reads, cleans, parses and renders the paste within the event.
          element.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
          );
          element.getBoundingClientRect(); // style and layout now, as the frame would
          const ready = performance.now() - started;
          requestAnimationFrame(() =>
            resolve({
              laidOut: ready,
              painted: performance.now() - started,
              items: element.querySelectorAll('li').length,
            }),
          );
        }),
      clipboard.html,
    );
    if (figures.items !== clipboard.items)
      throw new Error(`the editor shows ${figures.items} list items, not ${clipboard.items}`);
    laidOut.push(figures.laidOut);
    painted.push(figures.painted);
  }
  const row = (label: string, values: number[]) => printRow(label, values, '', 44);
  row('paste event -> document in the editor, laid out', laidOut);
  row('paste event -> next frame (shown)', painted);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
