import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { fileChunks } from '../db/schema';
import type { ByteRange, FileStore } from './file-store';

const chunkBytes = 1024 * 1024;

/**
 * Files in the `file_chunks` table of a PostgreSQL server, 1 MiB a row: every process of the
 * instance reads the same files, and a backup of the database holds them. Each chunk is its own
 * statement, so no request of anyone else waits behind a 50 MB one, and reading a file parses one
 * chunk's text at a time.
 */
export async function databaseFileStore(db: Database, receivedDir = tmpdir()): Promise<FileStore> {
  const chunkCount = async (sha256: string) => {
    const [first] = await db
      .select({ count: fileChunks.chunkCount })
      .from(fileChunks)
      .where(and(eq(fileChunks.sha256, sha256), eq(fileChunks.seq, 0)));
    return first?.count ?? null;
  };
  const chunkAt = async (sha256: string, seq: number) => {
    const [chunk] = await db
      .select({ bytes: fileChunks.bytes })
      .from(fileChunks)
      .where(and(eq(fileChunks.sha256, sha256), eq(fileChunks.seq, seq)));
    if (!chunk) throw new Error(`File ${sha256} lacks its chunk ${seq}`);
    return Buffer.from(chunk.bytes);
  };
  // A chunk already there is kept; the first one's time says the file was stored again (the sweep
  // of unnamed files counts from it).
  const storeChunk = (chunk: typeof fileChunks.$inferInsert) =>
    chunk.seq === 0
      ? db
          .insert(fileChunks)
          .values(chunk)
          .onConflictDoUpdate({ target: [fileChunks.sha256, fileChunks.seq], set: { storedAt: new Date() } })
      : db.insert(fileChunks).values(chunk).onConflictDoNothing();
  const chunksOf = async function* (sha256: string, count: number) {
    for (let seq = 0; seq < count; seq++) yield await chunkAt(sha256, seq);
  };
  /** The chunks a range falls in, each cut to the part of it inside the range. */
  const rangeOf = async function* (sha256: string, range: ByteRange) {
    const first = Math.floor(range.start / chunkBytes);
    const last = Math.floor(range.end / chunkBytes);
    for (let seq = first; seq <= last; seq++) {
      const chunk = await chunkAt(sha256, seq);
      const from = seq === first ? range.start - seq * chunkBytes : 0;
      const to = seq === last ? range.end - seq * chunkBytes + 1 : chunk.length;
      yield chunk.subarray(from, to);
    }
  };
  return {
    receivedDir,
    async adopt(receivedPath, sha256) {
      const file = await open(receivedPath);
      try {
        const { size } = await file.stat();
        const count = Math.max(1, Math.ceil(size / chunkBytes));
        // Chunks already there (the same file stored before, or a store cut short) are kept.
        for (let seq = 0; seq < count; seq++) {
          const buffer = Buffer.allocUnsafe(Math.min(chunkBytes, size - seq * chunkBytes));
          await file.read(buffer, 0, buffer.length, seq * chunkBytes);
          await storeChunk({ sha256, seq, chunkCount: count, bytes: buffer });
        }
      } finally {
        await file.close();
        await rm(receivedPath, { force: true });
      }
    },
    async write(bytes, sha256) {
      const count = Math.max(1, Math.ceil(bytes.byteLength / chunkBytes));
      for (let seq = 0; seq < count; seq++) {
        const chunk = bytes.subarray(seq * chunkBytes, (seq + 1) * chunkBytes);
        await db
          .insert(fileChunks)
          .values({ sha256, seq, chunkCount: count, bytes: chunk })
          .onConflictDoNothing();
      }
    },
    async read(sha256) {
      const count = await chunkCount(sha256);
      if (count === null) return null;
      const parts: Buffer[] = [];
      for await (const chunk of chunksOf(sha256, count)) parts.push(chunk);
      return Buffer.concat(parts);
    },
    async stream(sha256, range) {
      const count = await chunkCount(sha256);
      if (count === null) return null;
      return Readable.from(range ? rangeOf(sha256, range) : chunksOf(sha256, count));
    },
    async size(sha256) {
      const count = await chunkCount(sha256);
      if (count === null) return null;
      // Every chunk but the last is whole; the last one's length is read without reading it.
      const [last] = await db
        .select({ length: sql<number>`octet_length(${fileChunks.bytes})` })
        .from(fileChunks)
        .where(and(eq(fileChunks.sha256, sha256), eq(fileChunks.seq, count - 1)));
      return (count - 1) * chunkBytes + Number(last?.length ?? 0);
    },
    async remove(sha256) {
      await db.delete(fileChunks).where(eq(fileChunks.sha256, sha256));
    },
    async *list() {
      // A page of first chunks at a time, in hash order.
      let after = '';
      for (;;) {
        const page = await db
          .select({ sha256: fileChunks.sha256, storedAt: fileChunks.storedAt })
          .from(fileChunks)
          .where(and(eq(fileChunks.seq, 0), gt(fileChunks.sha256, after)))
          .orderBy(asc(fileChunks.sha256))
          .limit(500);
        yield* page;
        const last = page.at(-1);
        if (!last || page.length < 500) return;
        after = last.sha256;
      }
    },
    close: async () => {},
  };
}
