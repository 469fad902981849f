import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { purgeUnnamedFiles } from '../../src/server/services/sweeps/purge-unnamed-files';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { buildAccount, call, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);
const { files, db } = ctx.database;
const hour = 60 * 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('stored files no row names', () => {
  it('are removed an hour after they were last stored; named ones stay, whatever their age', async () => {
    // An orphan: stored, never named (a crash between the store and the transaction).
    const orphan = Buffer.from(`%PDF-1.4 orphan ${Math.random()}`);
    await files.write(orphan, sha256(orphan));
    // A contract's PDF, and a draft deleted with its PDF.
    const kept = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=kept.pdf',
      payload: pdfFixture('img2pdf-scan.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    const deleted = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=deleted.pdf',
      payload: pdfFixture('pdftex-form.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    const removed = await call(ctx, owner, { method: 'DELETE', url: `/api/contracts/${deleted.json().id}` });
    expect(removed.statusCode).toBe(204);
    // A PDF removed from a draft: its row goes at once, its bytes only with the sweep.
    const draft = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=removed.pdf',
      payload: pdfFixture('mixed-sizes-rotated.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    const removedFile = draft.json().files[0];
    const removal = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${draft.json().id}/files/${removedFile.id}`,
    });
    expect(removal.statusCode, removal.body).toBe(200);
    expect(await files.read(removedFile.sha256)).not.toBeNull();

    // Within the hour, nothing goes: an upload may be between its store and its transaction.
    expect(await purgeUnnamedFiles(db, files, later(hour / 2))).toBe(0);
    expect(await files.read(sha256(orphan))).not.toBeNull();

    expect(await purgeUnnamedFiles(db, files, later(2 * hour))).toBe(3);
    expect(await files.read(sha256(orphan))).toBeNull();
    expect(await files.read(removedFile.sha256)).toBeNull();
    expect(await files.read(deleted.json().files[0].sha256)).toBeNull();
    expect(await files.read(kept.json().files[0].sha256)).not.toBeNull();
  });
});
