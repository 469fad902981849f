import { serveTasks } from '../workers/task-thread';

// The PDF worker thread: rendering, sealing, certificates and verification, one task at a time.
serveTasks(async () => (await import('./pdf-tasks')).pdfTasks);
