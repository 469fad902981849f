import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import type { FinalInput } from '../../src/server/pdf/finalize-contract';
import { threadedPdfEngine } from '../../src/server/pdf/pdf-engine';
import { generateInstanceCertificate } from '../../src/server/pdf/pkcs12-certificate';
import type { RenderedPdf } from '../../src/server/pdf/rendered-pdf';
import { sampleContract } from '../../src/server/pdf/sample-document';
import { signaturePng } from '../../src/server/pdf/sample-signature';
import { inspectSeal } from '../../src/server/pdf/verify-pdf';
import { sealCms } from '../support/seal-cms';
import { startOpensslTsa } from '../support/tsa-server';

const workerFile = join(projectRoot, 'dist', 'server', 'pdf-worker.js');
const builtWorker = () => {
  if (!existsSync(workerFile))
    throw new Error(`${workerFile} is missing: run \`npm run build\` first (npm test does)`);
  return pathToFileURL(workerFile);
};
const sentAt = new Date('2026-11-01T10:00:00Z');
const input = (title: string) => ({
  title,
  content: sampleContract(1),
  organizationName: 'Engine Co',
  reference: 'engine-test',
  sentAt,
});
const finalInput = (frozen: RenderedPdf, tsaUrl: string): FinalInput => ({
  title: 'Stamped',
  reference: 'engine-test',
  organizationName: 'Engine Co',
  sender: { name: 'Sam Sender', email: 'sam@example.com' },
  completedAt: new Date(sentAt.getTime() + 3_600_000),
  frozen: frozen.bytes,
  frozenSha256: frozen.sha256,
  signers: [
    {
      name: 'Alice Martin',
      email: 'alice@example.com',
      signedAt: new Date(sentAt.getTime() + 1_800_000),
      signatureImage: signaturePng(),
      ip: '203.0.113.10',
      userAgent: 'Test',
      fields: [{ label: 'Full name', value: 'Alice Martin' }],
    },
  ],
  events: [],
  certificate: generateInstanceCertificate({ commonName: 'Pactum engine test', organization: 'Engine Co' }),
  tsaUrl,
});

/** Polls `check` until it holds, for at most `ms`. */
async function until(what: string, check: () => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the PDF engine in its worker thread', () => {
  it('renders in the built worker, stops it when idle, and starts a new one for the next task', async () => {
    const engine = threadedPdfEngine(builtWorker(), 100);
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

  it('freezes the next contract while a seal waits on the time-stamping authority, then time-stamps the seal', async () => {
    const tsa = await startOpensslTsa(mkdtempSync(join(tmpdir(), 'pactum-engine-tsa-')));
    const engine = threadedPdfEngine(builtWorker());
    try {
      const frozen = await engine.freezeContract(input('Stamped'));
      const gate = tsa.hold();
      const sealing = engine.finalizeContract(finalInput(frozen, tsa.url));
      let sealSettled = false;
      sealing.then(
        () => (sealSettled = true),
        () => (sealSettled = true),
      );
      await until('the seal to ask the TSA', () => tsa.held() === 1);
      // The seal is parked on the server thread's request: the thread freezes the next contract.
      const next = await engine.freezeContract(input('Next'));
      expect(next.pages).toBe(1);
      // Frozen while the seal still waited (before, the freeze came after the seal gave up).
      expect(sealSettled).toBe(false);
      expect(tsa.held()).toBe(1);
      gate.release();
      const sealed = Buffer.from((await sealing).bytes);
      expect(inspectSeal(sealed)).toMatchObject({ sealed: true, intact: true, coversWholeDocument: true });
      // id-aa-signatureTimeStampToken, in the seal's CMS: the TSA's token, asked for once.
      expect(sealCms(sealed).toString('hex')).toContain('060b2a864886f70d010910020e');
      expect(tsa.requests()).toBe(1);
    } finally {
      await engine.close();
      tsa.server.closeAllConnections();
      tsa.server.close();
    }
  }, 120_000);

  it('keeps the refusals of an unreachable or failing time-stamping authority as they were', async () => {
    const tsa = await startOpensslTsa(mkdtempSync(join(tmpdir(), 'pactum-engine-tsa-')));
    const engine = threadedPdfEngine(builtWorker());
    try {
      const frozen = await engine.freezeContract(input('Refused'));
      await expect(engine.finalizeContract(finalInput(frozen, `${tsa.url}refuse`))).rejects.toThrow(
        'The time-stamping authority answered HTTP 500',
      );
      const again = await engine.freezeContract(input('Refused'));
      tsa.server.close();
      await expect(engine.finalizeContract(finalInput(again, tsa.url))).rejects.toThrow(
        /^The time-stamping authority could not be reached: /,
      );
    } finally {
      await engine.close();
      tsa.server.close();
    }
  }, 120_000);
});
