import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of a PDF as poppler's `pdftotext` reads it (what a person copying it out would get). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pactum-pdf-text-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, bytes);
    return (await run('pdftotext', ['-q', file, '-'], { maxBuffer: 32 * 1024 * 1024 })).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
