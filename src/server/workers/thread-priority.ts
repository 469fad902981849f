import { readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';

/**
 * How much lower than the server's own thread every other thread of the process runs: the thread
 * answering everyone's requests gets the CPU first, and PDF seals, uploads' inspection, V8's
 * garbage-collector and compiler helpers and libuv's pool take what it leaves (on a machine with
 * cores to spare, all of them). A 100-page seal at the same priority took /api/health's p99 from
 * about 4 ms idle to 14 ms on 2 cores.
 */
export const backgroundNice = 10;

/**
 * On Linux a nice value belongs to one thread, and setpriority takes a thread's id (0: the
 * calling thread). Elsewhere it is the whole process's, so nothing is changed there. A system
 * that refuses (it never refuses lowering one's own priority on Linux) leaves the thread as it was.
 */
function lower(threadId: number): void {
  try {
    setPriority(threadId, Math.min(19, getPriority(threadId) + backgroundNice));
  } catch {
    // The thread ended meanwhile, or the system refused: it keeps its priority.
  }
}

/** In a task thread, as it starts: this thread runs below the server thread. */
export function runBelowServerThread(): void {
  if (process.platform === 'linux') lower(0);
}

/**
 * In the server's main thread, as it starts: the runtime's other threads (V8's background workers,
 * which collect and compile for every thread's heap, and libuv's pool) run below it. The pool is
 * made at its first use, so one file-system call makes sure it is there first (an ES module's
 * loading has used it already on Node 20; not every version does). Threads started later inherit
 * the server thread's priority; task threads lower their own (`runBelowServerThread`).
 */
export async function runRuntimeThreadsBelowServer(): Promise<void> {
  if (process.platform !== 'linux') return;
  await stat('/');
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    return;
  }
  for (const thread of threads) if (thread !== process.pid) lower(thread);
}
