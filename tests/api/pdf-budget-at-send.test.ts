import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractFiles } from '../../src/server/db/schema';
import { projectRoot } from '../../src/server/paths';
import type { FreezeInput } from '../../src/server/pdf/freeze-contract';
import { threadedPdfEngine } from '../../src/server/pdf/pdf-engine';
import { sampleContract } from '../../src/server/pdf/sample-document';
import { TaskRefusal } from '../../src/server/workers/task-refusal';
import { crossReferenceBomb } from '../fixtures/pdf/hostile-pdfs';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { draftFromPdf } from '../support/pdf-drafts';
import { buildAccount, call, testApp } from '../support/test-app';

/**
 * The security review of 2026-12-01 (H2): a PDF that expands past the decode budget and got into
 * the store anyway (stored before uploads were held to it) fails its own send with the reason, at
 * once, in the PDF thread that every organization's sends and seals share.
 */
const ctx = await testApp();
const refusal =
  'A compressed part of this PDF expands to more than 64 MB: it is not an ordinary document. Remove that PDF from the contract, or print it to a new PDF and upload that instead.';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A draft of one uploaded PDF whose stored bytes are then `stored` instead, as if accepted once. */
async function draftHolding(stored: Buffer) {
  const owner = await buildAccount(ctx);
  const draft = await draftFromPdf(ctx, owner, pdfFixture('libreoffice-agreement.pdf'), 'agreement.pdf', [
    { name: 'Sam Signer', email: 'sam@example.com' },
  ]);
  const hash = sha256(stored);
  await ctx.database.files.write(stored, hash);
  await ctx.database.db
    .update(contractFiles)
    .set({ sha256: hash, byteSize: stored.length })
    .where(eq(contractFiles.contractId, draft.id));
  return { owner, id: draft.id as string };
}

describe('a stored PDF over the decode budget, at send', () => {
  it('fails its own send with the reason, within seconds, and the contract stays a draft', async () => {
    const { owner, id } = await draftHolding(crossReferenceBomb(100, 'nested'));
    const started = performance.now();
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(400);
    expect(sent.json().error.message).toBe(refusal);
    expect(performance.now() - started).toBeLessThan(10_000);
    const contract = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` });
    expect(contract.json().status).toBe('draft');
  }, 60_000);

  it('is refused in the built PDF thread, which then freezes the next contract as usual', async () => {
    const workerFile = join(projectRoot, 'dist', 'server', 'pdf-worker.js');
    if (!existsSync(workerFile)) throw new Error(`${workerFile} is missing: run \`npm run build\` first`);
    const engine = threadedPdfEngine(pathToFileURL(workerFile));
    const input: FreezeInput = {
      title: 'Chain',
      content: sampleContract(1),
      organizationName: 'Budget Co',
      reference: 'budget-test',
      sentAt: new Date('2026-12-01T10:00:00Z'),
      includeText: false,
    };
    try {
      const started = performance.now();
      const bomb = new Uint8Array(crossReferenceBomb(100, 'chain'));
      const refused = await engine.freezeContract({ ...input, files: [{ bytes: bomb, position: 0 }] }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(TaskRefusal);
      expect((refused as Error).message).toBe(refusal);
      expect(performance.now() - started).toBeLessThan(15_000);
      const ordinary = new Uint8Array(pdfFixture('libreoffice-agreement.pdf'));
      const frozen = await engine.freezeContract({ ...input, files: [{ bytes: ordinary, position: 0 }] });
      expect(frozen.pages).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
  }, 90_000);
});
