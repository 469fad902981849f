import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contractFiles, jobs } from '../../src/server/db/schema';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { tagFlood } from '../fixtures/pdf/text-tag-pdfs';
import { outboxBackgroundFor } from '../support/background';
import { buildAccount, call, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);
const logLines: string[] = [];
const background = await outboxBackgroundFor(ctx.database, { demo: false, logLines });
afterAll(() => background.close());

async function upload(file: Buffer) {
  const response = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts/upload-pdf?name=tags.pdf',
    payload: file,
    headers: { 'content-type': 'application/pdf' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; files: { id: string }[] };
}

/** The tag job of a file: how it ended and how often it ran. */
async function tagJobOf(fileId: string) {
  const [file] = await ctx.database.db
    .select({ tagsReadAt: contractFiles.tagsReadAt })
    .from(contractFiles)
    .where(eq(contractFiles.id, fileId));
  const runs = await ctx.database.db
    .select({ status: jobs.status, attempts: jobs.attempts, lastError: jobs.lastError })
    .from(jobs)
    .where(eq(jobs.type, 'place-tagged-fields'));
  return { tagsReadAt: file?.tagsReadAt ?? null, runs };
}

describe('the tag job, given a file whose tags cannot be read in their budget', () => {
  it('settles it as a file without tags in one run, logged with the reason, and is not retried', async () => {
    const draft = await upload(tagFlood());
    const fileId = draft.files[0]?.id ?? '';
    await background.drain();

    const job = await tagJobOf(fileId);
    expect(job.tagsReadAt).toBeInstanceOf(Date);
    expect(job.runs).toEqual([{ status: 'succeeded', attempts: 1, lastError: null }]);
    const logged = logLines.map((line) => JSON.parse(line)).find((line) => line.msg === 'text tags not read');
    expect(logged).toMatchObject({
      contractId: draft.id,
      fileId,
      reason: 'The text tags of this PDF were not read: page 1 has more than 100,000 characters of text.',
    });
    const contract = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}` })).json();
    expect(contract.fields).toEqual([]);

    // Later runs of the queue find nothing due for it.
    expect(await background.drain(new Date(Date.now() + 24 * 3600_000))).toBe(0);

    // A file with tags in the same organization is read as before.
    const tagged = await upload(pdfFixture('chromium-tagged.pdf'));
    await background.drain();
    const read = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${tagged.id}` })).json();
    expect(read.fields).toHaveLength(6);
  }, 60_000);
});
