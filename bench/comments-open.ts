// The editor page of a contract with 200 comment threads, in headless Chromium against the built
// server (`npm run build` first): from navigation to interactive, that is the document in the
// editor, every thread's passage highlighted and the thread list drawn; and of that, the time from
// the comments' answer to the highlights and list drawn (the page's own work on the threads).
// Run by bench/compare.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { anchorAt } from '../src/editor/comments/anchor';
import { documentPlainText } from '../src/editor/comments/plain-text';
import { demoCredentials } from '../src/server/demo/seed-demo';
import type { EditorDocument } from '../src/shared/api/editor-document';
import { chromiumLaunchOptions } from '../tests/e2e/chromium';
import { startBuiltServer } from '../tests/support/built-server';
import { printRow } from './stats';

/** A contract's first blocks: about `pages` pages of the 100-page one. */
function firstPages(doc: EditorDocument, pages: number): EditorDocument {
  const blocks = doc.content ?? [];
  return { type: 'doc', content: blocks.slice(0, Math.max(1, Math.round((blocks.length * pages) / 100))) };
}

/**
 * Opens the editor of `content` with `threadCount` threads `runs` times; returns the times from
 * navigation to interactive (document shown, highlights drawn, thread list drawn), in ms.
 */
export async function openWithComments(
  documents: { label: string; content: EditorDocument; threads: number }[],
  runs: number,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pactum-bench-comments-'));
  const server = await startBuiltServer({ DATA_DIR: dataDir, DEMO: 'true' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      baseURL: server.base,
    });
    const page = await context.newPage();
    const signIn = await page.request.post('/api/auth/sign-in', { data: demoCredentials });
    if (!signIn.ok()) throw new Error(`demo sign-in answered ${signIn.status()}`);
    for (const subject of documents) {
      const created = await page.request.post('/api/contracts', {
        data: { title: `Bench: ${subject.label}`, content: subject.content },
      });
      if (!created.ok()) throw new Error(`creating the contract answered ${created.status()}`);
      const contract = (await created.json()) as { id: string; content: EditorDocument };
      const { text } = documentPlainText(contract.content);
      // Passages of 40 characters spread evenly through the text, half internal and half shared.
      for (let n = 0; n < subject.threads; n += 1) {
        const start = Math.floor(((n + 0.5) * (text.length - 40)) / subject.threads);
        const response = await page.request.post(`/api/contracts/${contract.id}/comments`, {
          data: {
            visibility: n % 2 === 0 ? 'internal' : 'shared',
            anchor: anchorAt(text, start, start + 40),
            body: `Comment ${n + 1}: is this clause what we agreed on the call?`,
          },
        });
        if (!response.ok()) throw new Error(`comment ${n + 1} answered ${response.status()}`);
      }
      const times: number[] = [];
      const afterAnswer: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        await page.goto(`/contracts/${contract.id}`);
        await page.waitForFunction(
          (expected) =>
            document.querySelector('[aria-label="Contract content"]')?.textContent?.length &&
            new Set(
              [...document.querySelectorAll('[data-thread-id]')].map((e) => e.getAttribute('data-thread-id')),
            ).size === expected &&
            document.querySelectorAll('[aria-label="Comment threads"] > li').length === expected,
          subject.threads,
          { polling: 'raf', timeout: 60_000 },
        );
        const figures = await page.evaluate(() => {
          const now = performance.now();
          const answered = performance
            .getEntriesByType('resource')
            .find((entry) => /\/api\/contracts\/[^/]+\/comments$/.test(entry.name)) as
            | PerformanceResourceTiming
            | undefined;
          return { now, afterAnswer: answered ? now - answered.responseEnd : null };
        });
        times.push(figures.now);
        if (subject.threads > 0 && figures.afterAnswer !== null) afterAnswer.push(figures.afterAnswer);
      }
      printRow(`open the editor: ${subject.label}`, times, '', 52);
      if (afterAnswer.length > 0) {
        printRow('  of which: comments answered -> highlighted, listed', afterAnswer, '', 52);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export { firstPages };
