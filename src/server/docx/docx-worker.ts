import { serveTasks } from '../workers/task-thread';

// The .docx worker thread: reads uploaded Word files and writes exports, off the request path.
serveTasks(async () => (await import('./docx-tasks')).docxTasks);
