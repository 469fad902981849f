import { serveTasks } from '../workers/task-thread';

// The PDF worker thread: rendering, sealing, certificates and verification, one task at a time
// (a seal waiting on its time-stamping authority steps aside: the HTTP exchange is the server's).
serveTasks(async () => (await import('./pdf-tasks')).pdfTasks);
