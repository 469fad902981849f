/**
 * A task's deliberate answer that it cannot do what it was asked (an input it refuses, a service
 * it needs that is down). The thread stays in service, and the caller gets this error with its
 * message. Anything else a task throws is taken for a fault of the thread itself (above all a
 * WebAssembly.RuntimeError, after which the module's memory can no longer be trusted).
 */
export class TaskRefusal extends Error {
  override readonly name = 'TaskRefusal';
}
