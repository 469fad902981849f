import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { inlinePdfEngine, type PdfEngine, threadedPdfEngine } from '../../src/server/pdf/pdf-engine';
import { sampleContract } from '../../src/server/pdf/sample-document';
import { withMail } from '../support/background';
import { createAndSend, latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, call, testApp, testCertificate } from '../support/test-app';

// The app's real PDF engine, with the certificates it is asked to warm up with written down.
const warmedWith: { p12: Uint8Array; password: string }[] = [];
const engine: PdfEngine = await inlinePdfEngine();
const ctx = await testApp({
  pdf: {
    ...engine,
    warmUp: (input) => {
      warmedWith.push(input);
      return engine.warmUp(input);
    },
  },
});
const owner = await buildAccount(ctx);
const { peer, background } = await withMail(ctx);

const view = (browser: { signerId: string; cookie: string }) =>
  call(ctx, null, {
    method: 'GET',
    url: `/api/signing/${browser.signerId}`,
    headers: { cookie: browser.cookie },
  });

describe('the PDF thread warmed up before a seal', () => {
  it('is asked for when the last signer opens the signing page, and not before', async () => {
    warmedWith.length = 0;
    await createAndSend(ctx, owner, [
      { name: 'Ann', email: 'ann.warm@example.com' },
      { name: 'Bob', email: 'bob.warm@example.com' },
    ]);
    await background.drain();
    const ann = await openLink(ctx, latestTokenFor(peer, 'ann.warm@example.com'));

    // Two signers still to sign: neither signature completes the contract.
    expect((await view(ann)).statusCode).toBe(200);
    expect(warmedWith).toHaveLength(0);

    // Ann signs; Bob, left alone, has not opened his link: nothing yet.
    expect((await signAs(ctx, ann, { fullName: 'Ann' })).statusCode).toBe(204);
    expect((await view(ann)).json().state).toBe('signed');
    expect(warmedWith).toHaveLength(0);
    // Bob opens his page: his signature completes the contract.
    const bob = await openLink(ctx, latestTokenFor(peer, 'bob.warm@example.com'));
    expect((await view(bob)).json().state).toBe('ready');
    expect(warmedWith).toHaveLength(1);
    expect(Buffer.from(warmedWith[0]?.p12 ?? []).equals(testCertificate().p12)).toBe(true);

    // Completed: nothing left to warm up for.
    expect((await signAs(ctx, bob, { fullName: 'Bob' })).statusCode).toBe(204);
    expect((await view(bob)).json().state).toBe('signed');
    expect(warmedWith).toHaveLength(1);
  });

  it('is asked for when a signature leaves one signer who had opened their page already', async () => {
    warmedWith.length = 0;
    await createAndSend(ctx, owner, [
      { name: 'Cleo', email: 'cleo.warm@example.com' },
      { name: 'Dan', email: 'dan.warm@example.com' },
      { name: 'Eve', email: 'eve.warm@example.com' },
    ]);
    await background.drain();
    const cleo = await openLink(ctx, latestTokenFor(peer, 'cleo.warm@example.com'));
    const dan = await openLink(ctx, latestTokenFor(peer, 'dan.warm@example.com'));
    const eve = await openLink(ctx, latestTokenFor(peer, 'eve.warm@example.com'));
    for (const signer of [cleo, dan, eve]) expect((await view(signer)).statusCode).toBe(200);
    expect(warmedWith).toHaveLength(0);

    // Two still to sign after Cleo: nothing.
    expect((await signAs(ctx, cleo, { fullName: 'Cleo' })).statusCode).toBe(204);
    expect(warmedWith).toHaveLength(0);
    // Dan signs while Eve's page, opened before, stays open: her signature completes it.
    expect((await signAs(ctx, dan, { fullName: 'Dan' })).statusCode).toBe(204);
    expect(warmedWith).toHaveLength(1);
  });
});

describe('the warm-up in the PDF worker thread', () => {
  it('completes a sample both ways in the built worker, and leaves the thread serving tasks', async () => {
    const workerFile = join(projectRoot, 'dist', 'server', 'pdf-worker.js');
    if (!existsSync(workerFile))
      throw new Error(`${workerFile} is missing: run \`npm run build\` first (npm test does)`);
    const threaded = threadedPdfEngine(pathToFileURL(workerFile));
    try {
      const { p12, password } = testCertificate();
      await threaded.warmUp({ p12, password });
      // Asked again (another signer's page), it does nothing more and still answers.
      await threaded.warmUp({ p12, password });
      const frozen = await threaded.freezeContract({
        title: 'After the warm-up',
        content: sampleContract(1),
        organizationName: 'Warm Co',
        reference: 'warm-up-test',
        sentAt: new Date('2026-11-01T10:00:00Z'),
      });
      expect(frozen.pages).toBe(1);
    } finally {
      await threaded.close();
    }
  });
});
