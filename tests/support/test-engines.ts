import type { ProcessDeps } from '../../src/server/deps';
import { inlineDocxEngine } from '../../src/server/docx/docx-engine';
import { inlinePdfEngine } from '../../src/server/pdf/pdf-engine';
import { inlineContentEngine } from '../../src/server/services/contracts/content-engine';
import { inlineUploadEngine } from '../../src/server/uploads/upload-engine';

export type TestEngines = Pick<ProcessDeps, 'pdf' | 'content' | 'docx' | 'uploads'>;

let engines: Promise<TestEngines> | undefined;

/** The real engines, their tasks run inline: made once for the test file, shared by its apps and jobs. */
export function testEngines(): Promise<TestEngines> {
  engines ??= inlinePdfEngine().then((pdf) => ({
    pdf,
    content: inlineContentEngine(),
    docx: inlineDocxEngine(),
    uploads: inlineUploadEngine(),
  }));
  return engines;
}
