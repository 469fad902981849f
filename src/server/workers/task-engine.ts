import { existsSync } from 'node:fs';
import { startTaskThread, type Tasks, type TaskThread, type TaskThreadOptions } from './task-thread';

/**
 * One kind of CPU-heavy work on untrusted documents, asked for by task name: the PDF engine
 * (pdf/pdf-engine.ts), the content engine (services/contracts/content-engine.ts), the .docx
 * engine (docx/docx-engine.ts) and the upload engine (uploads/upload-engine.ts) are each made of
 * these. In the built server an engine is a worker thread of its own (`startTaskThread`: started
 * by the first task, stopped when idle, replaced after a fault, a timeout or running out of heap);
 * run from sources (tests, tools), where no worker file is built, the same tasks run on the calling thread, and do the I/O a threaded task
 * asks the calling thread for (`askServer`) themselves.
 */
export type TaskEngine<T extends Tasks> = TaskThread<T>;

export type TaskEngineOptions<T extends Tasks> = TaskThreadOptions & {
  /** The built worker (beside the server bundle) that serves these tasks with `serveTasks`. */
  workerFile: URL;
  /** The same tasks, loaded only if they run on the calling thread. */
  inline: () => Promise<T>;
};

/** The engine of one kind of work: its worker thread when the worker is built, else inline. */
export function taskEngine<T extends Tasks>(options: TaskEngineOptions<T>): TaskEngine<T> {
  const { workerFile, inline, ...thread } = options;
  return existsSync(workerFile) ? startTaskThread<T>(workerFile, thread) : inlineEngine(inline);
}

/** The tasks on the calling thread (what is transferred to a thread is left where it is). */
export function inlineEngine<T extends Tasks>(load: () => Promise<T>): TaskEngine<T> {
  let loaded: Promise<T> | undefined;
  return {
    threaded: false,
    run(task, input) {
      loaded ??= load();
      return loaded.then((tasks) => {
        const named = tasks[task] as (value: typeof input) => Promise<Awaited<ReturnType<T[typeof task]>>>;
        return named(input);
      });
    },
    keepAlive: () => {},
    close: async () => {},
  };
}
