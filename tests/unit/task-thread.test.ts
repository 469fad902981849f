import { mkdtempSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskRefusal } from '../../src/server/workers/task-refusal';
import { startTaskThread, type TaskThread } from '../../src/server/workers/task-thread';
import { backgroundNice } from '../../src/server/workers/thread-priority';

type FaultyTasks = {
  threadId(input: null): Promise<number>;
  priority(input: null): Promise<number>;
  priorityAtLoad(input: null): Promise<number>;
  refuse(reason: string): Promise<never>;
  outOfBounds(input: null): Promise<number>;
  wait(ms: number): Promise<number>;
  bytes(size: number): Promise<{
    large: Uint8Array;
    again: Uint8Array;
    part: Uint8Array;
    small: Uint8Array;
    sum: number;
  }>;
};

let workerFile: URL;
let thread: TaskThread<FaultyTasks>;

beforeAll(async () => {
  // Bundled as the server's workers are: the real serveTasks runs in a real thread.
  const outfile = join(mkdtempSync(join(tmpdir(), 'pactum-task-thread-')), 'faulty-worker.mjs');
  await build({
    entryPoints: ['tests/fixtures/workers/faulty-worker.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  workerFile = pathToFileURL(outfile);
  // Idle for an hour: only a fault may replace the thread within a test.
  thread = startTaskThread<FaultyTasks>(workerFile, { idleMs: 3_600_000, taskTimeoutMs: 60_000 });
});
afterAll(() => thread.close());

describe('a task thread after its task fails', () => {
  it('keeps the thread after a refusal, and the caller gets the refusal', async () => {
    const before = await thread.run('threadId', null);
    const refused = thread.run('refuse', 'not this file');
    await expect(refused).rejects.toBeInstanceOf(TaskRefusal);
    await expect(refused).rejects.toThrow('not this file');
    expect(await thread.run('threadId', null)).toBe(before);
  });

  it('replaces the thread at once after a WebAssembly.RuntimeError, and the next task runs on the new one', async () => {
    const before = await thread.run('threadId', null);
    await expect(thread.run('outOfBounds', null)).rejects.toThrow(
      'The worker thread failed and was replaced (outOfBounds: RuntimeError: memory access out of bounds)',
    );
    const after = await thread.run('threadId', null);
    expect(after).not.toBe(before);
    // The new thread stays: its next task runs on it.
    expect(await thread.run('threadId', null)).toBe(after);
  });

  it('fails the calls still running on the broken thread, and serves new ones on the next', async () => {
    const before = await thread.run('threadId', null);
    const running = thread.run('wait', 60_000);
    await expect(thread.run('outOfBounds', null)).rejects.toThrow('was replaced');
    await expect(running).rejects.toThrow('was replaced (outOfBounds: RuntimeError');
    expect(await thread.run('wait', 1)).not.toBe(before);
  });
});

describe('a task thread given an input it cannot take', () => {
  it('fails that call at once and leaves nothing waiting on the thread', async () => {
    const idle = startTaskThread<FaultyTasks>(workerFile, { idleMs: 50, taskTimeoutMs: 60_000 });
    try {
      const before = await idle.run('threadId', null);
      // A function cannot be cloned to another thread: postMessage throws.
      await expect(idle.run('wait', (() => 1) as unknown as number)).rejects.toThrow(/could not be cloned/);
      // Nothing is left pending, so the thread idles out as usual (a call left waiting held it).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await idle.run('threadId', null)).not.toBe(before);
    } finally {
      await idle.close();
    }
  });
});

describe('the results of a task thread', () => {
  it('arrive whole, large byte arrays moved rather than copied', async () => {
    const size = 3 * 1024 * 1024;
    const result = await thread.run('bytes', size);
    expect(result.large.byteLength).toBe(size);
    expect(result.large.every((value) => value === 7)).toBe(true);
    expect(Buffer.compare(result.again, result.large)).toBe(0);
    expect(result.part.byteLength).toBe(size - 1);
    expect(result.part.every((value) => value === 9)).toBe(true);
    expect([...result.small]).toEqual(new Array(16).fill(3));
    expect(result.sum).toBe(7 * size);
    // The thread goes on serving after moving its buffers away.
    expect(await thread.run('threadId', null)).toBeTypeOf('number');
  });
});

describe('a task thread when idle', () => {
  it('stops after its idle time, but is kept as long as it was asked to be', async () => {
    const idle = startTaskThread<FaultyTasks>(workerFile, { idleMs: 50, taskTimeoutMs: 60_000 });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      const first = await idle.run('threadId', null);
      await pause(300);
      // Idle past 50 ms: a new thread answers.
      const second = await idle.run('threadId', null);
      expect(second).not.toBe(first);
      idle.keepAlive(10_000);
      await pause(300);
      expect(await idle.run('threadId', null)).toBe(second);
    } finally {
      await idle.close();
    }
  });
});

describe('a task thread beside the server thread', () => {
  it.runIf(process.platform === 'linux')('runs below it, and leaves its priority as it was', async () => {
    const server = getPriority(0);
    expect(await thread.run('priority', null)).toBe(Math.min(19, server + backgroundNice));
    // Lowered before its tasks were loaded: loading them is most of a thread's start.
    expect(await thread.run('priorityAtLoad', null)).toBe(Math.min(19, server + backgroundNice));
    expect(getPriority(0)).toBe(server);
  });
});
