import { serveTasks } from '../../workers/task-thread';
import { contentTasks } from './content-tasks';

// The content worker thread: checks documents and renders their HTML, off the request path.
serveTasks(contentTasks);
