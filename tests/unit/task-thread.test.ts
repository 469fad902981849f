import { mkdtempSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskFailure } from '../../src/server/workers/task-failure';
import { TaskRefusal } from '../../src/server/workers/task-refusal';
import { askServer, startTaskThread, type TaskThread } from '../../src/server/workers/task-thread';
import { backgroundNice } from '../../src/server/workers/thread-priority';

type FaultyTasks = {
  threadId(input: null): Promise<number>;
  priority(input: null): Promise<number>;
  priorityAtLoad(input: null): Promise<number>;
  refuse(reason: string): Promise<never>;
  outOfBounds(input: null): Promise<number>;
  wait(ms: number): Promise<number>;
  spin(ms: number): Promise<number>;
  sum(bytes: Uint8Array): Promise<number>;
  ask(input: { request: string; input: unknown }): Promise<{ threadId: number; answer: unknown }>;
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

  it('fails only the call that broke the thread: the calls queued behind it run on the next', async () => {
    const before = await thread.run('threadId', null);
    const broken = thread.run('outOfBounds', null);
    const queued = thread.run('wait', 1);
    await expect(broken).rejects.toBeInstanceOf(TaskFailure);
    await expect(broken).rejects.toThrow('was replaced (outOfBounds: RuntimeError');
    const after = await queued;
    expect(after).not.toBe(before);
  });
});

describe('a task thread with calls queued', () => {
  it('times a call from when the thread starts it, not from when it was queued', async () => {
    const timed = startTaskThread<FaultyTasks>(workerFile, { idleMs: 3_600_000, taskTimeoutMs: 3_000 });
    try {
      await timed.run('threadId', null);
      // Each takes 1.2 s of the 3 s allowed; the third finishes 3.6 s after it was queued.
      const calls = [timed.run('spin', 1_200), timed.run('spin', 1_200), timed.run('spin', 1_200)];
      const threads = await Promise.all(calls);
      expect(new Set(threads).size).toBe(1);
    } finally {
      await timed.close();
    }
  }, 30_000);

  it('fails only the call that overran; the one queued behind it runs on a fresh thread with its moved bytes', async () => {
    const timed = startTaskThread<FaultyTasks>(workerFile, { idleMs: 3_600_000, taskTimeoutMs: 1_500 });
    try {
      const before = await timed.run('threadId', null);
      const runaway = timed.run('spin', 60_000);
      const bytes = new Uint8Array(64 * 1024).fill(2);
      const queued = timed.run('sum', bytes, [bytes.buffer]);
      // Not moved while it waits: the thread it would have gone to is about to be thrown away.
      expect(bytes.byteLength).toBe(64 * 1024);
      await expect(runaway).rejects.toBeInstanceOf(TaskFailure);
      await expect(runaway).rejects.toThrow('The worker thread took longer than 1.5 s on spin');
      expect(await queued).toBe(2 * 64 * 1024);
      expect(bytes.byteLength).toBe(0);
      expect(await timed.run('threadId', null)).not.toBe(before);
    } finally {
      await timed.close();
    }
  }, 60_000);

  it('serves the keys in turn: one key’s burst waits behind itself', async () => {
    const finished: string[] = [];
    const call = (key: string, name: string) =>
      thread.run('spin', 150, [], { key }).then(() => {
        finished.push(name);
      });
    await thread.run('threadId', null);
    const burst = ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => call('org-a', name));
    const other = call('org-b', 'b1');
    await Promise.all([...burst, other]);
    // a1 was running when b1 came; the queue then alternates: a2, b1, a3, a4, a5.
    expect(finished).toEqual(['a1', 'a2', 'b1', 'a3', 'a4', 'a5']);
  }, 30_000);

  it('serves background calls after the calls queued in front, and never starves them', async () => {
    const finished: string[] = [];
    const call = (name: string, background: boolean) =>
      thread.run('spin', 50, [], { key: name, background }).then(() => {
        finished.push(name);
      });
    await thread.run('threadId', null);
    const calls = [
      call('f1', false),
      call('b1', true),
      call('b2', true),
      ...['f2', 'f3', 'f4', 'f5', 'f6', 'f7'].map((name) => call(name, false)),
    ];
    await Promise.all(calls);
    // f1 ran at once; four calls went ahead of the background ones waiting, then one of those.
    expect(finished).toEqual(['f1', 'f2', 'f3', 'f4', 'f5', 'b1', 'f6', 'f7', 'b2']);
  }, 30_000);
});

/** A promise with its resolve and reject at hand: a server request the test answers when it says. */
function held<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('a task thread whose call waits on the calling thread', () => {
  it('parks that call: the call queued behind it runs meanwhile, and the parked one resumes after', async () => {
    const answer = held<string>();
    const asked = held<unknown>();
    const parking = startTaskThread<FaultyTasks>(workerFile, {
      idleMs: 3_600_000,
      taskTimeoutMs: 60_000,
      serverRequests: {
        slow: async (input: unknown) => {
          asked.resolve(input);
          return answer.promise;
        },
      },
    });
    try {
      const order: string[] = [];
      const parked = parking
        .run('ask', { request: 'slow', input: { n: 1 } }, [], { key: 'org-a' })
        .then((result) => {
          order.push('parked');
          return result;
        });
      // Asked by the thread, with the task's input: the first call is now waiting on this side.
      expect(await asked.promise).toEqual({ n: 1 });
      const queued = await parking.run('threadId', null, [], { key: 'org-b' });
      order.push('queued');
      // The second call went to the same thread, and was answered while the first still waited.
      answer.resolve('from the server');
      const resumed = await parked;
      expect(order).toEqual(['queued', 'parked']);
      expect(resumed).toEqual({ threadId: queued, answer: 'from the server' });
      expect(await parking.run('threadId', null)).toBe(queued);
    } finally {
      await parking.close();
    }
  });

  it('gives the task a refusal of the request as its own, and the thread stays', async () => {
    const refusing = startTaskThread<FaultyTasks>(workerFile, {
      idleMs: 3_600_000,
      taskTimeoutMs: 60_000,
      serverRequests: {
        refused: async () => {
          throw new TaskRefusal('The authority could not be reached: no route');
        },
      },
    });
    try {
      const before = await refusing.run('threadId', null);
      const call = refusing.run('ask', { request: 'refused', input: null });
      await expect(call).rejects.toBeInstanceOf(TaskRefusal);
      await expect(call).rejects.toThrow('The authority could not be reached: no route');
      // A request nobody serves is the task's fault: its thread is replaced.
      await expect(refusing.run('ask', { request: 'unknown', input: null })).rejects.toThrow(
        "The worker thread failed and was replaced (ask: Error: No server request 'unknown')",
      );
      expect(await refusing.run('threadId', null)).not.toBe(before);
    } finally {
      await refusing.close();
    }
  });

  it('fails a parked call with the thread when the call running beside it breaks it, never a call queued', async () => {
    const answer = held<string>();
    const asked = held<void>();
    const sharing = startTaskThread<FaultyTasks>(workerFile, {
      idleMs: 3_600_000,
      taskTimeoutMs: 60_000,
      serverRequests: {
        slow: async () => {
          asked.resolve();
          return answer.promise;
        },
      },
    });
    try {
      const before = await sharing.run('threadId', null);
      const parked = sharing.run('ask', { request: 'slow', input: null });
      await asked.promise;
      const broken = sharing.run('outOfBounds', null);
      const queued = sharing.run('threadId', null);
      await expect(broken).rejects.toThrow('was replaced (outOfBounds: RuntimeError');
      await expect(parked).rejects.toBeInstanceOf(TaskFailure);
      await expect(parked).rejects.toThrow('was replaced (outOfBounds: RuntimeError');
      const after = await queued;
      expect(after).not.toBe(before);
      // The answer that comes for the failed call goes nowhere; the fresh thread serves on.
      answer.resolve('too late');
      expect(await sharing.run('threadId', null)).toBe(after);
    } finally {
      await sharing.close();
    }
  });

  it('fails a parked call whose answer does not come within its own task timeout', async () => {
    const asked = held<void>();
    const timed = startTaskThread<FaultyTasks>(workerFile, {
      idleMs: 3_600_000,
      taskTimeoutMs: 3_000,
      serverRequests: {
        never: async () => {
          asked.resolve();
          return new Promise(() => {});
        },
      },
    });
    try {
      const before = await timed.run('threadId', null);
      const parked = timed.run('ask', { request: 'never', input: null });
      await asked.promise;
      // Run while the other is parked, on its own clock: done before the parked call's runs out.
      expect(await timed.run('spin', 500)).toBe(before);
      await expect(parked).rejects.toThrow('The worker thread took longer than 3 s on ask');
      expect(await timed.run('threadId', null)).not.toBe(before);
    } finally {
      await timed.close();
    }
  });

  it('off a thread, does the request where the task runs', async () => {
    expect(await askServer('timestamp', 20, async (n: number) => n + 1)).toBe(21);
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
