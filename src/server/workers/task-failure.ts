/**
 * The thread failed a call that was on it: the call overran the task timeout, the task threw
 * something other than a TaskRefusal, or the thread died (out of heap, an exit) while it ran. The
 * calls on that thread (the running one, and any parked beside it waiting on the server thread)
 * fail with it; the thread has been replaced, and calls still queued go to the fresh one.
 * The same input would most likely fail the same way again, so a caller that would retry it
 * (a job) decides whether it should.
 */
export class TaskFailure extends Error {
  override readonly name = 'TaskFailure';
  constructor(
    message: string,
    /** What ended the call: its time ran out, its task faulted, or the thread stopped under it. */
    readonly kind: 'timeout' | 'fault' | 'stopped',
  ) {
    super(message);
  }
}
