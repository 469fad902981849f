import { serveTasks } from '../workers/task-thread';
import { pdfTasks } from './pdf-tasks';

// The PDF worker thread: rendering, sealing, certificates and verification, one task at a time.
serveTasks(pdfTasks);
