import { parentPort } from 'node:worker_threads';
import { type PdfTasks, pdfTasks } from './pdf-tasks';

// The PDF worker thread: runs one task per message and answers with its result or its error.
parentPort?.on('message', async (message: { id: number; task: keyof PdfTasks; input: never }) => {
  try {
    const result = await pdfTasks[message.task](message.input);
    parentPort?.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort?.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
