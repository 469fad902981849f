import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { threadedPdfEngine } from '../../src/server/pdf/pdf-engine';
import { sampleContract } from '../../src/server/pdf/sample-document';

const workerFile = join(projectRoot, 'dist', 'server', 'pdf-worker.js');
const input = (title: string) => ({
  title,
  content: sampleContract(1),
  organizationName: 'Engine Co',
  reference: 'engine-test',
  sentAt: new Date('2026-11-01T10:00:00Z'),
});

describe('the PDF engine in its worker thread', () => {
  it('renders in the built worker, stops it when idle, and starts a new one for the next task', async () => {
    if (!existsSync(workerFile))
      throw new Error(`${workerFile} is missing: run \`npm run build\` first (npm test does)`);
    const engine = threadedPdfEngine(pathToFileURL(workerFile), 100);
    try {
      const [first, second] = await Promise.all([
        engine.freezeContract(input('One')),
        engine.freezeContract(input('Two')),
      ]);
      expect(first.pages).toBe(1);
      expect(Buffer.from(first.bytes).subarray(0, 5).toString()).toBe('%PDF-');
      expect(first.sha256).not.toBe(second.sha256);
      // Past the idle time the worker is gone; a new task still works.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const again = await engine.freezeContract(input('One'));
      expect(again.sha256).toBe(first.sha256);
    } finally {
      await engine.close();
    }
  });
});
