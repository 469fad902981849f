import { serveTasks } from '../workers/task-thread';

// The upload thread: inspects uploaded PDFs, off the request path and away from the PDF thread
// that renders and seals everyone's contracts. The parser reports fonts it cannot read on the
// console; an uploaded file's faults are not the server's, so they are not logged.
console.warn = () => {};
console.error = () => {};
serveTasks(async () => (await import('./upload-tasks')).uploadTasks);
