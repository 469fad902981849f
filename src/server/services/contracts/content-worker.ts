import { serveTasks } from '../../workers/task-thread';

// The content worker thread: checks documents and renders their HTML, off the request path.
serveTasks(async () => (await import('./content-tasks')).contentTasks);
