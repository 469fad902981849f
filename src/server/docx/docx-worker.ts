import { serveTasks } from '../workers/task-thread';
import { docxTasks } from './docx-tasks';

// The .docx worker thread: reads uploaded Word files and writes exports, off the request path.
serveTasks(docxTasks);
