import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contractArchiveLimits } from '../../src/shared/limits';
import { outboxBackgroundFor } from '../support/background';
import { bringTo } from '../support/contract-factory';
import { buildAccount, call, sampleDocument, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);
const background = await outboxBackgroundFor(ctx.database, { demo: false, logLines: [] });
const work = mkdtempSync(join(tmpdir(), 'pactum-archive-'));
afterAll(() => {
  background.close();
  rmSync(work, { recursive: true, force: true });
});

async function create(account: TestAccount, title: string): Promise<string> {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: { title, content: sampleDocument(`The agreement called ${title}.`) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function sealed(account: TestAccount, title: string): Promise<string> {
  const id = await create(account, title);
  await bringTo(ctx, account, id, 'signed');
  return id;
}

const archive = (ids: string[], headers: Record<string, string> = {}, account: TestAccount | null = owner) =>
  call(ctx, account, { method: 'POST', url: '/api/contracts/archive', json: { ids }, headers });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The archive as a ZIP reader sees it (Info-ZIP's unzip): each entry's name and bytes. */
function unzipped(zip: Buffer): Map<string, Buffer> {
  const path = join(work, `${sha256(zip)}.zip`);
  writeFileSync(path, zip);
  execFileSync('unzip', ['-tq', path]);
  const names = execFileSync('zipinfo', ['-1', path], { encoding: 'utf8' }).split('\n').filter(Boolean);
  return new Map(
    names.map((name) => [name, execFileSync('unzip', ['-p', path, name], { maxBuffer: 64 * 1024 * 1024 })]),
  );
}

const supply = await sealed(owner, 'Supply agreement');
const supplyAgain = await sealed(owner, 'Supply agreement');
const polish = await sealed(owner, 'Umowa: Żółć / 2026');
const draft = await create(owner, 'Draft only');
const foreign = await sealed(stranger, 'Stranger agreement');
await background.drain();

describe('the signed PDFs of a selection as one ZIP', () => {
  it('holds each sealed PDF byte for byte as its single download, named after its title', async () => {
    const response = await archive([polish, supply, supplyAgain, draft]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Signed contracts \d{4}-\d\d-\d\d\.zip"/,
    );
    const entries = unzipped(response.rawPayload);
    expect([...entries.keys()]).toEqual([
      'Umowa Żółć  2026 (signed).pdf',
      'Supply agreement (signed).pdf',
      'Supply agreement (signed 2).pdf',
      'Not included.txt',
    ]);
    for (const [id, name] of [
      [polish, 'Umowa Żółć  2026 (signed).pdf'],
      [supply, 'Supply agreement (signed).pdf'],
      [supplyAgain, 'Supply agreement (signed 2).pdf'],
    ] as const) {
      const single = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
      expect(single.statusCode, single.body).toBe(200);
      expect(sha256(entries.get(name) as Buffer)).toBe(sha256(single.rawPayload));
    }
    const note = entries.get('Not included.txt')?.toString('utf8') ?? '';
    expect(note).toContain(`- Draft only (draft, id ${draft})`);
  });

  it("refuses another organization's contract, a selection with nothing signed, and too many", async () => {
    const mixed = await archive([supply, foreign]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().error.code).toBe('NOT_FOUND');
    expect((await archive([foreign], {}, stranger)).statusCode).toBe(200);

    const unsigned = await archive([draft]);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().error).toMatchObject({
      code: 'DOCUMENT_NOT_READY',
      message: 'This contract has no signed PDF yet: it is made once everyone has signed',
    });
    const many = Array.from({ length: contractArchiveLimits.contracts + 1 }, () => supply);
    expect((await archive(many)).statusCode).toBe(400);
    expect((await archive([supply], {}, null)).statusCode).toBe(401);
  });

  it('is for a read-only API token too, as a single download is', async () => {
    const made = await call(ctx, owner, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'Archive reader', scope: 'read' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json().token as string;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contracts/archive',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [supply] }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect([...unzipped(response.rawPayload).keys()]).toEqual(['Supply agreement (signed).pdf']);
    // It still refuses a change.
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/contracts',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'Nope' }),
    });
    expect(change.statusCode).toBe(403);
  });

  it('writes one archive at a time per person: a second waits for the first to be read', async () => {
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/contracts/archive',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [supply, polish] }),
      payloadAsStream: true,
    });
    expect(first.statusCode).toBe(200);
    const second = await archive([supply]);
    expect(second.statusCode).toBe(429);
    expect(second.json().error.code).toBe('RATE_LIMITED');
    // Someone else is not held up by it.
    expect((await archive([foreign], {}, stranger)).statusCode).toBe(200);
    const bytes = await drain(first.stream());
    expect(unzipped(bytes).size).toBe(2);
    await waitUntil(async () => (await archive([supply])).statusCode === 200);
  });

  it(`streams ${contractArchiveLimits.contracts.toLocaleString('en')} signed PDFs in memory far below the archive's size`, async () => {
    // Copies of a sealed contract, each with its own row naming the same stored sealed PDF (the
    // bytes the signing flow made once): the archive reads and writes each as it would a real one.
    const rows = await ctx.database.db.execute(sql`
      with copies as (
        insert into contracts
        select (jsonb_populate_record(null::contracts,
                  to_jsonb(c) || jsonb_build_object('id', gen_random_uuid(), 'title', c.title || ' ' || n))).*
        from contracts c, generate_series(1, ${contractArchiveLimits.contracts}) n
        where c.id = ${supply}
        returning id
      ),
      final as (
        insert into documents
        select (jsonb_populate_record(null::documents,
                  to_jsonb(d) || jsonb_build_object('id', gen_random_uuid(), 'contract_id', copies.id))).*
        from documents d, copies
        where d.contract_id = ${supply} and d.kind = 'final'
        returning contract_id
      )
      select contract_id as id from final`);
    const ids = (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    expect(ids).toHaveLength(contractArchiveLimits.contracts);

    const before = retained();
    let peak = before;
    let size = 0;
    let measuredAt = 0;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contracts/archive',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids }),
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);
    // A sink that only counts: the archive is never held whole, here or in the server.
    for await (const chunk of response.stream()) {
      size += (chunk as Buffer).length;
      // What is still held every few megabytes, garbage collected first (what is dropped is not held).
      if (size - measuredAt >= 4 * 1024 * 1024) {
        measuredAt = size;
        peak = Math.max(peak, retained());
      }
    }
    const single = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${supply}/documents/final` });
    expect(size).toBeGreaterThan(single.rawPayload.length * contractArchiveLimits.contracts);
    // Held whole, the archive would add its size (74 MB); streamed, what is held is what is in
    // flight between the file store, the zip writer and this reader: 3 to 28 MB seen from one run
    // to the next on PostgreSQL, for reasons not yet found, so half the archive is the bound.
    expect(peak - before).toBeLessThan(size / 2);
  }, 120_000);
});

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * The JavaScript heap and the buffers outside it that are still referenced, in bytes: what holding
 * the archive, or any part of it past the chunk being passed on, would grow.
 */
const retained = () => {
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Asks again until it holds: the place is given back once the answer has closed. */
async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('The archive place was never given back');
}
